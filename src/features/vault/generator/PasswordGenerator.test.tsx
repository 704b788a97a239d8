import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GENERATED_PASSWORD_ALPHABET } from '../../../common/constants';
import { EFF_LARGE_WORDLIST } from '../../../common/effLargeWordlist';
import {
  DEFAULT_GENERATOR_OPTIONS,
  DEFAULT_PASSPHRASE_OPTIONS,
  type GeneratorOptions,
} from '../../../common/generatorOptions';
import type { Settings } from '../../../common/wire';
import { installFakeAccount, type FakeAccount } from '../../../test/fakeAccountServer';
import { signedInStore } from '../../../test/renderSettings';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { PasswordGenerator } from '.';

const WORDS = new Set(EFF_LARGE_WORDLIST);
const within_ = (text: string, chars: string) => [...text].every((ch) => chars.includes(ch));

async function renderGenerator(settings: Partial<Settings> = {}) {
  const account = installFakeAccount({ settings });
  const onUse = jest.fn();
  const onClose = jest.fn();
  const user = userEvent.setup();
  const view = renderWithProviders(<PasswordGenerator onUse={onUse} onClose={onClose} />, {
    store: signedInStore(),
  });
  // The panel is a chunk of its own: wait for it, and for the remembered options.
  await screen.findByRole('region', { name: 'Password generator' });
  await waitFor(() => expect(account.count('GET /user/preferences')).toBe(1));
  return { account, onUse, onClose, user, ...view };
}

const preview = (name = 'Generated password') => screen.getByRole('textbox', { name }) as HTMLTextAreaElement;
const lastPut = (account: FakeAccount) =>
  account.calls.filter((call) => call.method === 'PUT' && call.path === '/user/settings').at(-1)?.body;
const puts = (account: FakeAccount) => account.count('PUT /user/settings');
const toggle = (name: string) => screen.getByRole('switch', { name });

test("shows SPEC section 9's password, another on request, and hands the shown one over", async () => {
  const { user, onUse } = await renderGenerator();
  expect(screen.getByRole('button', { name: 'Password' })).toHaveAttribute('aria-pressed', 'true');
  const first = preview().value;
  expect(first).toHaveLength(16);
  expect(within_(first, GENERATED_PASSWORD_ALPHABET)).toBe(true);
  expect(preview()).toHaveAttribute('readonly');
  expect(preview()).toHaveAccessibleDescription(/^About \d+ bits of entropy$/);
  expect(screen.getByRole('slider', { name: 'Length' })).toHaveValue('16');
  expect(screen.getByRole('spinbutton', { name: 'Length' })).toHaveValue(16);

  await user.click(screen.getByRole('button', { name: 'Generate another' }));
  const second = preview().value;
  expect(second).toHaveLength(16);
  expect(second).not.toBe(first);

  await user.click(screen.getByRole('button', { name: 'Use password' }));
  expect(onUse).toHaveBeenCalledWith(second);
});

test('starts from the options remembered in the settings', async () => {
  const remembered: GeneratorOptions = {
    ...DEFAULT_PASSPHRASE_OPTIONS,
    words: 4,
    separator: '.',
    capitalise: true,
  };
  const { account } = await renderGenerator({ generator: remembered });
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Passphrase' })).toHaveAttribute('aria-pressed', 'true'),
  );
  const words = preview('Generated passphrase').value.split('.');
  expect(words).toHaveLength(4);
  expect(words.every((word) => /^[A-Z]/.test(word) && WORDS.has(word.toLowerCase()))).toBe(true);
  expect(screen.getByRole('slider', { name: 'Words' })).toHaveValue('4');
  expect(screen.getByRole('textbox', { name: 'Separator' })).toHaveValue('.');
  expect(toggle('Capitalise words')).toBeChecked();
  expect(toggle('Add a number')).not.toBeChecked();
  // Nothing changed: nothing is saved.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(puts(account)).toBe(0);
});

test('a new length shows at once and is remembered a moment after the last change', async () => {
  const { user, account } = await renderGenerator();
  const box = screen.getByRole('spinbutton', { name: 'Length' });
  await user.clear(box);
  await user.type(box, '24');
  expect(preview().value).toHaveLength(24);
  expect(screen.getByRole('slider', { name: 'Length' })).toHaveValue('24');
  // Typing '2' then '24' is one save, after the pause.
  expect(puts(account)).toBe(0);
  await waitFor(() => expect(puts(account)).toBe(1), { timeout: 3000 });
  expect(lastPut(account)).toEqual({ generator: { ...DEFAULT_GENERATOR_OPTIONS, length: 24 } });
  expect(account.settings.generator).toEqual({ ...DEFAULT_GENERATOR_OPTIONS, length: 24 });

  // The slider by keyboard.
  const slider = screen.getByRole('slider', { name: 'Length' });
  act(() => slider.focus());
  await user.keyboard('{ArrowRight}{ArrowRight}');
  expect(preview().value).toHaveLength(26);
  expect(box).toHaveValue(26);
  await waitFor(() => expect(account.settings.generator).toMatchObject({ length: 26 }), { timeout: 3000 });
});

test('a length out of range says so and cannot be used', async () => {
  const { user, account, onUse } = await renderGenerator();
  const box = screen.getByRole('spinbutton', { name: 'Length' });
  await user.clear(box);
  await user.type(box, '200');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Password length must be a whole number from 8 to 128',
  );
  expect(screen.getByRole('button', { name: 'Use password' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Generate another' })).toBeDisabled();
  expect(preview().value).toBe('');
  await user.clear(box);
  await user.type(box, '128');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(preview().value).toHaveLength(128);
  await user.click(screen.getByRole('button', { name: 'Use password' }));
  expect(onUse).toHaveBeenCalledWith(expect.stringMatching(/^.{128}$/));
  // Only valid options are saved.
  await waitFor(() => expect(puts(account)).toBe(1));
  expect(lastPut(account)).toEqual({ generator: { ...DEFAULT_GENERATOR_OPTIONS, length: 128 } });
});

test('character sets switch on and off; at least one must stay', async () => {
  const { user, account } = await renderGenerator();
  const sets = within(screen.getByRole('group', { name: 'Character sets' }));
  expect(sets.getAllByRole('switch').map((item) => item.closest('label')?.textContent)).toEqual([
    'Uppercase (A-Z)',
    'Lowercase (a-z)',
    'Digits (0-9)',
    'Symbols (!@#$%^&*)',
    'Avoid look-alikes (I l 1 O 0 o)',
  ]);
  await user.click(toggle('Symbols (!@#$%^&*)'));
  await user.click(toggle('Digits (0-9)'));
  expect(preview().value).toMatch(/^[A-Za-z]{16}$/);
  expect(preview().value).toMatch(/[A-Z]/);
  expect(preview().value).toMatch(/[a-z]/);

  await user.click(toggle('Uppercase (A-Z)'));
  expect(preview().value).toMatch(/^[a-z]{16}$/);
  await user.click(toggle('Lowercase (a-z)'));
  expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one character set');
  expect(screen.getByRole('button', { name: 'Use password' })).toBeDisabled();

  await user.click(toggle('Digits (0-9)'));
  expect(preview().value).toMatch(/^\d{16}$/);
  await waitFor(() => expect(puts(account)).toBe(1), { timeout: 3000 });
  expect(lastPut(account)).toEqual({
    generator: { ...DEFAULT_GENERATOR_OPTIONS, uppercase: false, lowercase: false, symbols: false },
  });
});

test('avoid look-alikes leaves out I l 1 O 0 o', async () => {
  const { user } = await renderGenerator();
  const box = screen.getByRole('spinbutton', { name: 'Length' });
  await user.clear(box);
  await user.type(box, '128');
  await user.click(toggle('Avoid look-alikes (I l 1 O 0 o)'));
  for (let i = 0; i < 10; i += 1) {
    expect(preview().value).toHaveLength(128);
    expect(preview().value).not.toMatch(/[Il1O0o]/);
    await user.click(screen.getByRole('button', { name: 'Generate another' }));
  }
});

/**
 * Whether `phrase` is `count` words of the EFF list joined by `separator`. Four of its words hold a
 * hyphen ("yo-yo", "t-shirt"), so with '-' a phrase is not simply split: its parts may rejoin into one.
 */
function isWordsJoined(phrase: string, count: number, separator: string): boolean {
  const parts = phrase.split(separator);
  const joins = (from: number, left: number): boolean =>
    left === 0
      ? from === parts.length
      : parts.some(
          (_, to) =>
            to >= from && WORDS.has(parts.slice(from, to + 1).join(separator)) && joins(to + 1, left - 1),
        );
  return joins(0, count);
}

test('passphrases: words, separator, capitals and a number', async () => {
  const { user, account, onUse } = await renderGenerator();
  await user.click(screen.getByRole('button', { name: 'Passphrase' }));
  const words = () => preview('Generated passphrase').value;
  expect(isWordsJoined(words(), 6, '-')).toBe(true);
  // A phrase a CI run drew: six words, one of them "yo-yo".
  expect(isWordsJoined('yo-yo-shelving-favoring-recognize-graveness-blatancy', 6, '-')).toBe(true);
  expect(isWordsJoined('yo-yo-shelving-favoring-recognize-graveness-blatancy', 7, '-')).toBe(false);
  expect(screen.queryByRole('spinbutton', { name: 'Length' })).not.toBeInTheDocument();

  const count = screen.getByRole('spinbutton', { name: 'Words' });
  await user.clear(count);
  await user.type(count, '3');
  const separator = screen.getByRole('textbox', { name: 'Separator' });
  await user.clear(separator);
  await user.type(separator, ' ');
  expect(words().split(' ')).toHaveLength(3);
  await user.click(toggle('Capitalise words'));
  await user.click(toggle('Add a number'));
  const parts = words().split(' ');
  expect(parts).toHaveLength(3);
  expect(parts.every((part) => /^[A-Z][a-z-]+\d?$/.test(part))).toBe(true);
  expect(parts.filter((part) => /\d$/.test(part))).toHaveLength(1);

  await user.type(separator, '+++');
  expect(screen.getByRole('alert')).toHaveTextContent('Separator must be at most 3 characters');
  expect(separator).toHaveAccessibleDescription('Separator must be at most 3 characters');
  expect(screen.getByRole('button', { name: 'Use password' })).toBeDisabled();
  await user.type(separator, '{Backspace}{Backspace}');
  expect(words().split(' +')).toHaveLength(3);

  await user.click(screen.getByRole('button', { name: 'Use password' }));
  expect(onUse).toHaveBeenCalledWith(words());
  // Use saves at once, without waiting for the pause.
  await waitFor(() => expect(puts(account)).toBe(1));
  expect(lastPut(account)).toEqual({
    generator: { mode: 'passphrase', words: 3, separator: ' +', capitalise: true, includeNumber: true },
  });
});

test('each mode keeps its options while the panel is open', async () => {
  const { user } = await renderGenerator();
  const box = screen.getByRole('spinbutton', { name: 'Length' });
  await user.clear(box);
  await user.type(box, '20');
  await user.click(screen.getByRole('button', { name: 'Passphrase' }));
  const count = screen.getByRole('spinbutton', { name: 'Words' });
  await user.clear(count);
  await user.type(count, '8');
  await user.click(screen.getByRole('button', { name: 'Password' }));
  expect(screen.getByRole('spinbutton', { name: 'Length' })).toHaveValue(20);
  expect(preview().value).toHaveLength(20);
  await user.click(screen.getByRole('button', { name: 'Passphrase' }));
  expect(screen.getByRole('spinbutton', { name: 'Words' })).toHaveValue(8);
  expect(isWordsJoined(preview('Generated passphrase').value, 8, '-')).toBe(true);
});

test('the generated password stays out of the store; only the options are cached', async () => {
  const { user, store, onUse, account } = await renderGenerator();
  await user.click(toggle('Avoid look-alikes (I l 1 O 0 o)'));
  await user.click(screen.getByRole('button', { name: 'Use password' }));
  const used = onUse.mock.calls[0][0] as string;
  await waitFor(() => expect(puts(account)).toBe(1));
  const state = JSON.stringify(store.getState());
  expect(state).not.toContain(used);
  expect(state).toContain('"avoidLookAlike":true');
  // Nor does it travel: the save carries the options only.
  expect(JSON.stringify(account.calls.map((call) => call.body))).not.toContain(used);
});

test('a failed save is not retried in a loop and shows no message', async () => {
  const { user, account } = await renderGenerator();
  account.fail.set('PUT /user/settings', { status: 500, body: { message: 'Internal server error' } });
  await user.click(toggle('Symbols (!@#$%^&*)'));
  await waitFor(() => expect(puts(account)).toBe(1), { timeout: 3000 });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(puts(account)).toBe(1);
  expect(screen.queryByText(/Failed/)).not.toBeInTheDocument();
  // The panel keeps the person's choice.
  expect(toggle('Symbols (!@#$%^&*)')).not.toBeChecked();
  // The next change is tried again.
  account.fail.delete('PUT /user/settings');
  await user.click(toggle('Digits (0-9)'));
  await waitFor(() => expect(puts(account)).toBe(2), { timeout: 3000 });
  expect(account.settings.generator).toMatchObject({ symbols: false, digits: false });
});

test('closing the panel saves a change still waiting, and the close button calls onClose', async () => {
  const { user, account, onClose, unmount } = await renderGenerator();
  await user.click(screen.getByRole('button', { name: 'Close generator' }));
  expect(onClose).toHaveBeenCalledTimes(1);
  await user.click(toggle('Uppercase (A-Z)'));
  unmount();
  await waitFor(() => expect(puts(account)).toBe(1));
  expect(lastPut(account)).toEqual({ generator: { ...DEFAULT_GENERATOR_OPTIONS, uppercase: false } });
});

test('works with the defaults when the settings cannot be loaded', async () => {
  const account = installFakeAccount();
  account.fail.set('GET /user/preferences', { status: 500, body: { message: 'Internal server error' } });
  const onUse = jest.fn();
  const user = userEvent.setup();
  renderWithProviders(<PasswordGenerator onUse={onUse} />, { store: signedInStore() });
  await screen.findByRole('region', { name: 'Password generator' });
  expect(screen.queryByRole('button', { name: 'Close generator' })).not.toBeInTheDocument();
  expect(preview().value).toHaveLength(16);
  await user.click(screen.getByRole('button', { name: 'Use password' }));
  expect(onUse).toHaveBeenCalledWith(expect.stringMatching(/^.{16}$/));
});
