import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PasswordField } from './PasswordField';

function Field() {
  const [value, setValue] = useState('');
  return (
    <PasswordField id="mp" label="Master password" value={value} onChange={(e) => setValue(e.target.value)} />
  );
}

test('the eye button is named after the field and switches between hidden and shown', async () => {
  const user = userEvent.setup();
  render(<Field />);
  const input = screen.getByLabelText('Master password');
  await user.type(input, 'secret');
  expect(input).toHaveAttribute('type', 'password');
  const show = screen.getByRole('button', { name: 'Show master password' });
  expect(show).toHaveAttribute('aria-pressed', 'false');
  await user.click(show);
  expect(input).toHaveAttribute('type', 'text');
  expect(screen.getByRole('button', { name: 'Hide master password' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(input).toHaveValue('secret');
});
