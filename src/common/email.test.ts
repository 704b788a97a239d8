import { isValidEmail, normaliseEmail } from './email';

describe('isValidEmail', () => {
  it.each([
    'ann@example.com',
    'ann.lee+vault@mail.example.co.uk',
    "o'brien@example.ie",
    'x_1-y@sub-domain.example.org',
    'user@xn--mnchen-3ya.de',
    'user@münchen.de',
  ])('accepts %s', (address) => {
    expect(isValidEmail(address)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['no @', 'ann.example.com'],
    ['two @', 'ann@lee@example.com'],
    ['display name', 'Ann Lee <ann@example.com>'],
    ['brackets', '<ann@example.com>'],
    ['comma list', 'ann@example.com,bob@example.com'],
    ['semicolon list', 'ann@example.com;bob@example.com'],
    ['space inside', 'ann lee@example.com'],
    ['leading space', ' ann@example.com'],
    ['quoted local part', '"ann"@example.com'],
    ['leading dot', '.ann@example.com'],
    ['double dot', 'ann..lee@example.com'],
    ['trailing dot', 'ann.@example.com'],
    ['domain without a dot', 'ann@localhost'],
    ['empty label', 'ann@example..com'],
    ['hyphen at a label edge', 'ann@-example.com'],
    ['numeric top level', 'ann@10.0.0.1'],
    ['address literal', 'ann@[10.0.0.1]'],
    ['line break', 'ann@example.com\nBcc: eve@example.com'],
    ['local part too long', `${'a'.repeat(65)}@example.com`],
    ['too long', `ann@${Array(5).fill('a'.repeat(60)).join('.')}.com`],
  ])('refuses %s', (_why, address) => {
    expect(isValidEmail(address)).toBe(false);
  });

  it('compares addresses trimmed and in lower case', () => {
    expect(normaliseEmail('  Ann@Example.COM ')).toBe('ann@example.com');
  });
});
