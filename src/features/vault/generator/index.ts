// The password generator (issue 14) as the entry form sees it: a self-contained panel that hands over a
// password with onUse, and one-click generation; both follow the options remembered in the settings.
export { PasswordGenerator, loadPasswordGenerator } from './LazyPasswordGenerator';
export type { PasswordGeneratorProps } from './PasswordGenerator';
export { useGeneratePassword } from './useGeneratePassword';
