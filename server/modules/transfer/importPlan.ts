// What an import will do, decided before anything is written: which rows become new entries, which
// update an entry, which are skipped as duplicates and which are errors. Pure, so every mode is tested
// without a database.
import type { ImportOptions } from '../../../src/common/wire';
import type { EntryDraft } from './formats/types';
import { isRowError, type RowError } from './importRows';

/** SPEC section 4: skip duplicates (the default), update existing, or import all. */
export type ImportMode = 'skip' | 'update' | 'all';

/** `updateExisting` wins when both options are set (the dialog never sends that). */
export function modeOf(options: Partial<ImportOptions>): ImportMode {
  if (options.updateExisting) return 'update';
  if (options.skipDuplicates === false) return 'all';
  return 'skip';
}

export interface Identity {
  title: string;
  website: string;
  email: string;
  username: string;
}

const norm = (text: string) => text.trim().toLowerCase();

/**
 * Two entries are the same when title, website and login (the e-mail, else the username) are equal
 * ignoring case and surrounding spaces.
 */
export function duplicateKey(entry: Identity): string {
  return [norm(entry.title), norm(entry.website), norm(entry.email) || norm(entry.username)].join('\u0000');
}

export interface ImportPlan {
  inserts: EntryDraft[];
  /** Existing entries to overwrite, by id: the last row of the file for that entry wins. */
  updates: Map<string, EntryDraft>;
  imported: number;
  updated: number;
  skipped: number;
  errors: RowError[];
}

type Target = { kind: 'existing'; id: string } | { kind: 'new'; index: number };

export function planImport(
  rows: (EntryDraft | RowError)[],
  existing: (Identity & { id: string })[],
  mode: ImportMode,
): ImportPlan {
  const plan: ImportPlan = {
    inserts: [],
    updates: new Map(),
    imported: 0,
    updated: 0,
    skipped: 0,
    errors: [],
  };
  const seen = new Map<string, Target>();
  if (mode !== 'all') {
    // Oldest first: when the vault already holds duplicates, the oldest is the one updated.
    for (const entry of existing) {
      const key = duplicateKey(entry);
      if (!seen.has(key)) seen.set(key, { kind: 'existing', id: entry.id });
    }
  }
  for (const row of rows) {
    if (isRowError(row)) {
      plan.errors.push(row);
      continue;
    }
    const key = duplicateKey(row);
    const target = mode === 'all' ? undefined : seen.get(key);
    if (!target) {
      seen.set(key, { kind: 'new', index: plan.inserts.length });
      plan.inserts.push(row);
      plan.imported += 1;
    } else if (mode === 'skip') {
      plan.skipped += 1;
    } else {
      // Update: an entry of the vault, or one an earlier row of this file is creating.
      if (target.kind === 'existing') plan.updates.set(target.id, row);
      else plan.inserts[target.index] = row;
      plan.updated += 1;
    }
  }
  return plan;
}
