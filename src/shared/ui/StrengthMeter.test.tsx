import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { StrengthMeter } from './StrengthMeter';

const renderMeter = (password: string) => renderWithProviders(<StrengthMeter password={password} />);

// SPEC section 5: score = checks passed / 8 x 100; labels and colours change at 25, 50 and 75.
// 'Very Weak' (< 25) needs at most one check passed, which no non-empty password reaches with the
// current rules (see src/common/passwordPolicy.test.ts for that band), and an empty one shows no meter.
test.each([
  ['123456', 'Weak', 25, 'warning'],
  ['abc', 'Weak', 38, 'warning'],
  ['password', 'Good', 50, 'info'],
  ['Password', 'Good', 63, 'info'],
  ['Password1', 'Strong', 75, 'success'],
  ['Tr0ub4dor&3', 'Strong', 100, 'success'],
])('%s: %s (%i%%), %s', (password, label, score, color) => {
  renderMeter(password);
  const bar = screen.getByRole('progressbar', { name: `Password strength: ${label}` });
  expect(bar).toHaveAttribute('aria-valuenow', String(score));
  expect(bar).toHaveClass(`MuiLinearProgress-color${color[0].toUpperCase()}${color.slice(1)}`);
  expect(screen.getByText(`${label} (${score}%)`)).toBeInTheDocument();
});

test('shows nothing for an empty password', () => {
  const { container } = renderMeter('');
  expect(container).toBeEmptyDOMElement();
});

test('with showMissing, a password that reads Strong but misses a required rule says which', () => {
  // '#' is not among SPEC's special characters: seven of eight checks pass.
  renderWithProviders(<StrengthMeter password="Lighthouse8#Ember" showMissing />);
  expect(screen.getByText('Strong (88%)')).toBeInTheDocument();
  expect(screen.getByText('Still required: special character (one of @$!%*?&).')).toBeInTheDocument();
});

test('says nothing more when the rules are met, or without showMissing', () => {
  renderWithProviders(<StrengthMeter password="Tr0ub4dor&3" showMissing />);
  expect(screen.queryByText(/Still required/)).toBeNull();
  renderMeter('abc');
  expect(screen.queryByText(/Still required/)).toBeNull();
});
