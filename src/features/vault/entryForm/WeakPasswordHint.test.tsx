import { render, screen } from '@testing-library/react';
import { StrengthMeter } from '../../../shared/ui/StrengthMeter';
import { WeakPasswordHint } from './WeakPasswordHint';

const hintOf = (password: string) => {
  const { container, unmount } = render(
    <>
      <StrengthMeter password={password} />
      <WeakPasswordHint password={password} />
    </>,
  );
  const text = container.textContent ?? '';
  unmount();
  return text;
};

describe('WeakPasswordHint', () => {
  it('calls a password weak when the meter does, and says what to add', () => {
    const text = hintOf('abc');
    expect(text).toMatch(/Very Weak|Weak/);
    expect(text).toContain('This password is weak. Add: 8+ characters, uppercase letter, number');
  });

  it('does not call weak a password the meter rates Strong, and names the special characters that count', () => {
    // '#' and '-' are not among SPEC's special characters: seven of eight checks pass, so the meter says Strong.
    const text = hintOf('NewPw#2024-UNIQUE2');
    expect(text).toContain('Strong (88%)');
    expect(text).not.toMatch(/is weak/);
    expect(text).toContain(
      'This password does not meet every required rule. Add: special character (one of @$!%*?&).',
    );
  });

  it('says nothing about a password that meets the rules', () => {
    render(<WeakPasswordHint password="Quiet4!Lantern" />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(document.body.textContent).toBe('');
  });
});
