// The password generator (issue 14) as the entry form sees it: a self-contained panel that hands over a
// password with onUse. It reads and remembers its options through the settings feature.
export { PasswordGenerator, loadPasswordGenerator } from './LazyPasswordGenerator';
export type { PasswordGeneratorProps } from './PasswordGenerator';
