// Copy to the clipboard; a copied secret is wiped after CLIPBOARD_CLEAR_MS if it is still there.
import { CLIPBOARD_CLEAR_MS } from '../../common/constants';

export interface CopyOptions {
  /** A password: clear the clipboard after `clearAfterMs` if it still holds this text. */
  sensitive?: boolean;
  clearAfterMs?: number;
}

/** The secret we copied last; an older timer never clears a newer copy. */
let lastSecretCopy: symbol | null = null;

function copyWithTextarea(text: string): void {
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.style.position = 'fixed';
  textarea.style.opacity = '0';
  document.body.appendChild(textarea);
  const active = document.activeElement as HTMLElement | null;
  textarea.select();
  try {
    // Only for pages served without a secure context, where navigator.clipboard is missing.
    if (!document.execCommand('copy')) throw new Error('Copy was refused');
  } finally {
    textarea.remove();
    active?.focus();
  }
}

async function writeText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) await navigator.clipboard.writeText(text);
  else copyWithTextarea(text);
}

async function clearIfUnchanged(text: string, copy: symbol): Promise<void> {
  if (lastSecretCopy !== copy) return;
  lastSecretCopy = null;
  try {
    const current = await navigator.clipboard?.readText?.();
    // Something else was copied since: leave it alone.
    if (current !== undefined && current !== text) return;
  } catch {
    // Reading needs a permission the browser may refuse: we cannot tell, so we clear (safer).
  }
  await writeText('').catch(() => undefined);
}

/** Rejects when the browser refuses the copy (the caller shows SPEC's failure toast). */
export async function copyToClipboard(text: string, options: CopyOptions = {}): Promise<void> {
  await writeText(text);
  if (!options.sensitive) return;
  const copy = Symbol('secret copy');
  lastSecretCopy = copy;
  setTimeout(() => void clearIfUnchanged(text, copy), options.clearAfterMs ?? CLIPBOARD_CLEAR_MS);
}
