import {
  evaluatePassword,
  mustContainMessage,
  requiredMessage,
  strengthColor,
  strengthLabel,
} from './passwordPolicy';

const check = (password: string, id: string) =>
  evaluatePassword(password).checks.find((c) => c.id === id)?.passed;

describe('password policy (SPEC section 5)', () => {
  it('accepts a password that meets all five mandatory rules', () => {
    const result = evaluatePassword('Tr0ub4dor&Zebra');
    expect(result.valid).toBe(true);
    expect(result.missing).toEqual([]);
  });

  it.each([
    ['Ab1!xyz', 'length', '8+ characters'],
    ['abcd1234!', 'uppercase', 'uppercase letter'],
    ['ABCD1234!', 'lowercase', 'lowercase letter'],
    ['Abcdefgh!', 'number', 'number'],
    ['Abcdefgh1', 'special', 'special character'],
  ])('%s fails the %s rule', (password, id, label) => {
    const result = evaluatePassword(password);
    expect(check(password, id)).toBe(false);
    expect(result.valid).toBe(false);
    expect(result.missing).toContain(label);
  });

  it('only counts @ $ ! % * ? & as special characters', () => {
    expect(check('Abcdefg1#', 'special')).toBe(false);
    expect(check('Abcdefg1^', 'special')).toBe(false);
    for (const ch of '@$!%*?&') expect(check(`Abcdefg1${ch}`, 'special')).toBe(true);
  });

  it('advisory checks lower the score but not validity', () => {
    const common = evaluatePassword('Password1!');
    expect(common.valid).toBe(true);
    expect(check('Password1!', 'common')).toBe(false);
    expect(check('Xyz9!abc', 'sequence')).toBe(false);
    expect(check('Qwe9!cba', 'sequence')).toBe(false);
    expect(check('Wq321!zz', 'sequence')).toBe(false);
    expect(check('Wq7!aaaZ', 'repeat')).toBe(false);
    expect(check('Wq7!aaZ', 'repeat')).toBe(true);
  });

  it('scores checks passed / 8 x 100', () => {
    expect(evaluatePassword('').score).toBe(0);
    expect(evaluatePassword('Tr0ub4dor&Zebra').score).toBe(100);
    // lower-case letters only: lowercase + three advisory checks = 4 of 8
    expect(evaluatePassword('zqmpfk').score).toBe(50);
  });

  it.each([
    [0, 'Very Weak', 'error'],
    [24, 'Very Weak', 'error'],
    [25, 'Weak', 'warning'],
    [49, 'Weak', 'warning'],
    [50, 'Good', 'info'],
    [74, 'Good', 'info'],
    [75, 'Strong', 'success'],
    [100, 'Strong', 'success'],
  ])('score %i is %s (%s)', (score, label, color) => {
    expect(strengthLabel(score)).toBe(label);
    expect(strengthColor(score)).toBe(color);
  });

  it('words its messages as SPEC section 5 does', () => {
    expect(requiredMessage('')).toBe(
      'Required: 8+ characters, uppercase letter, lowercase letter, number, special character',
    );
    expect(mustContainMessage('Master password', 'abcdefgh')).toBe(
      'Master password must contain: uppercase letter, number, special character',
    );
  });
});
