import { CLIPBOARD_CLEAR_MS } from '../../common/constants';
import { copyToClipboard } from './clipboard';

function installClipboard(options: { readable?: boolean } = {}) {
  let content = '';
  const clipboard = {
    writeText: jest.fn(async (text: string) => {
      content = text;
    }),
    readText: jest.fn(async () => {
      if (options.readable === false) throw new DOMException('Read permission denied', 'NotAllowedError');
      return content;
    }),
  };
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
  return { clipboard, content: () => content, userCopies: (text: string) => (content = text) };
}

describe('copyToClipboard', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('clears a copied password after 30 s if it is still there', async () => {
    const board = installClipboard();
    await copyToClipboard('S3cret!', { sensitive: true });
    expect(board.content()).toBe('S3cret!');
    await jest.advanceTimersByTimeAsync(CLIPBOARD_CLEAR_MS - 1);
    expect(board.content()).toBe('S3cret!');
    await jest.advanceTimersByTimeAsync(1);
    expect(board.content()).toBe('');
  });

  it('leaves the clipboard alone when something else was copied since', async () => {
    const board = installClipboard();
    await copyToClipboard('S3cret!', { sensitive: true });
    board.userCopies('a shopping list');
    await jest.advanceTimersByTimeAsync(CLIPBOARD_CLEAR_MS);
    expect(board.content()).toBe('a shopping list');
  });

  it('an older timer never clears a newer copied password', async () => {
    const board = installClipboard();
    await copyToClipboard('first', { sensitive: true });
    await jest.advanceTimersByTimeAsync(CLIPBOARD_CLEAR_MS / 2);
    await copyToClipboard('second', { sensitive: true });
    await jest.advanceTimersByTimeAsync(CLIPBOARD_CLEAR_MS / 2);
    expect(board.content()).toBe('second');
    await jest.advanceTimersByTimeAsync(CLIPBOARD_CLEAR_MS / 2);
    expect(board.content()).toBe('');
  });

  it('clears when the browser will not let it check (safer than leaving a password)', async () => {
    const board = installClipboard({ readable: false });
    await copyToClipboard('S3cret!', { sensitive: true });
    await jest.advanceTimersByTimeAsync(CLIPBOARD_CLEAR_MS);
    expect(board.content()).toBe('');
  });

  it('never clears what is not a secret', async () => {
    const board = installClipboard();
    await copyToClipboard('https://github.com');
    await jest.advanceTimersByTimeAsync(CLIPBOARD_CLEAR_MS * 2);
    expect(board.content()).toBe('https://github.com');
    expect(board.clipboard.readText).not.toHaveBeenCalled();
  });

  it('rejects when the browser refuses the copy', async () => {
    const board = installClipboard();
    board.clipboard.writeText.mockRejectedValueOnce(new DOMException('Denied', 'NotAllowedError'));
    await expect(copyToClipboard('x')).rejects.toThrow('Denied');
  });
});
