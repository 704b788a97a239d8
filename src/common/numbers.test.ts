import { groupThousands } from './numbers';

describe('groupThousands', () => {
  it('groups whole numbers by thousands as en-US does', () => {
    for (const value of [0, 7, 999, 1000, 4000, 65_535, 100_000, 1_234_567, -1234, Number.MAX_SAFE_INTEGER]) {
      expect(groupThousands(value)).toBe(value.toLocaleString('en-US'));
    }
  });

  it('leaves what is not a whole number as it is', () => {
    expect(groupThousands(1.5)).toBe('1.5');
    expect(groupThousands(Number.NaN)).toBe('NaN');
  });
});
