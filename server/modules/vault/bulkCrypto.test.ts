// The CPU part of bulk transfers, as the worker threads run it: sealed rows open to what was imported,
// and every key copy a task is given is wiped before it answers.
import crypto from 'node:crypto';
import type { EntryContent } from '../../../src/common/wire';
import { decryptedEntry, sealEntryRows } from './bulkCrypto';
import { fingerprintKey } from './health';

const ENTRY: EntryContent = {
  title: 'Bank',
  email: 'ada@example.test',
  username: 'ada',
  password: 'correct horse 1!',
  website: 'https://bank.example.test',
  category: 'finance',
  isFavorite: true,
  notes: 'PIN in the drawer',
  tags: ['money'],
  totp: 'JBSWY3DPEHPK3PXP',
  fields: [{ name: 'Account', value: '4711#', hidden: true }],
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-02-01T00:00:00.000Z',
};

describe('sealing new entries for an import', () => {
  const vault = crypto.randomBytes(32);
  const server = crypto.randomBytes(32);
  const copies = () => ({
    vault: new Uint8Array(vault),
    server: new Uint8Array(server),
    fingerprint: new Uint8Array(fingerprintKey(vault)),
  });
  /** The task as a worker runs it, for user-1 on 2026-01-01. */
  const seal = (entries: EntryContent[], batchSize = 500, keys = copies()) =>
    sealEntryRows({
      keys,
      userId: 'user-1',
      now: '2026-01-01T00:00:00.000Z',
      entries,
      firstPosition: 0,
      batchSize,
    });

  it('answers rows whose secrets open with the vault key to the entries given, in order', () => {
    const rows = seal([ENTRY, { ...ENTRY, title: 'Second', createdAt: undefined, updatedAt: undefined }]);
    expect(rows.map((row) => row.title)).toEqual(['Bank', 'Second']);
    expect(new Set(rows.map((row) => row.id)).size).toBe(2);
    expect(rows[0].password_enc).not.toContain(ENTRY.password);
    expect(decryptedEntry(vault, { ...rows[0], user_id: 'user-1' } as never)).toEqual(ENTRY);
    expect(rows[1]).toMatchObject({
      created_at: '2026-01-01T00:00:00.000Z',
      password_changed_at: '2026-01-01T00:00:00.000Z',
    });
  });

  it('makes the derived columns, counting the reuse of a password within its batch', () => {
    const entries = [
      ENTRY,
      { ...ENTRY, title: 'Same password' },
      { ...ENTRY, title: 'Other', password: 'x' },
    ];
    const together = seal(entries, 3);
    expect(together.map((row) => row.reuse_count)).toEqual([2, 2, 1]);
    expect(JSON.parse(together[0].list_json)).toMatchObject({ title: 'Bank', health: { reusedIn: 2 } });
    expect(together[0].search_text).toBe('bank\nhttps://bank.example.test\nada\nada@example.test');
    expect(together[1].title_sort).toBe('same password');
    // In batches of one, each row counts itself alone: the insert adds the vault's part.
    expect(seal(entries, 1).map((row) => row.reuse_count)).toEqual([1, 1, 1]);
  });

  it('wipes the key copies it was given', () => {
    const keys = copies();
    seal([ENTRY], 500, keys);
    for (const key of Object.values(keys)) expect(key.every((byte) => byte === 0)).toBe(true);
  });

  it('wipes them when it fails too', () => {
    const keys = copies();
    keys.vault = new Uint8Array(16);
    keys.vault.fill(1);
    expect(() => seal([ENTRY], 500, keys)).toThrow();
    for (const key of Object.values(keys)) expect(key.every((byte) => byte === 0)).toBe(true);
  });
});
