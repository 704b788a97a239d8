// Bitwarden's unencrypted exports. Only logins are passwords; notes, cards and identities are reported.
//
// JSON: { encrypted: false, folders: [{id, name}], items: [{ type: 1, name, notes, favorite, folderId,
//         fields: [{name, value}], login: { username, password, totp, uris: [{uri}] },
//         creationDate, revisionDate }] } (organisation exports: collections and collectionIds).
// CSV:  folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp
import { badRequest } from '../../../http/errors';
import { draft, folderToCategory, notALogin, parseDate, parseFlag, withExtras } from './fields';
import { isRecord, textOf } from './json';
import type { CsvFormat, CsvRecord, ReadRow } from './types';

/** Bitwarden's item types other than login (1), by number (JSON) and by name (CSV). */
const ITEM_KINDS: Record<string, string> = {
  '2': 'a secure note',
  '3': 'a card',
  '4': 'an identity',
  '5': 'an SSH key',
  note: 'a secure note',
  card: 'a card',
  identity: 'an identity',
  sshkey: 'an SSH key',
};

const kindOf = (type: string) => ITEM_KINDS[type.toLowerCase()] ?? `of type ${type || 'unknown'}`;

export const bitwardenCsv: CsvFormat = {
  name: 'bitwarden-csv',
  columns: ['folder', 'favorite', 'type', 'name', 'login_uri', 'login_username', 'login_password'],
  read(cell: CsvRecord): ReadRow {
    const type = cell('type').trim();
    if (type && type.toLowerCase() !== 'login') return notALogin(cell('name'), kindOf(type));
    // Several URIs of one login are written comma-separated in the one cell.
    const [website = '', ...otherUris] = cell('login_uri')
      .split(/[,\n]/)
      .map((uri) => uri.trim())
      .filter(Boolean);
    const { category, tags } = folderToCategory(cell('folder'));
    return draft({
      title: cell('name'),
      website,
      email: cell('login_username'),
      password: cell('login_password'),
      notes: withExtras(cell('notes'), [
        ['Custom fields', cell('fields')],
        ['TOTP', cell('login_totp')],
        ['Other websites', otherUris.join('\n')],
      ]),
      isFavorite: parseFlag(cell('favorite')),
      category,
      tags,
    });
  },
};

/** Whether a parsed JSON document is a Bitwarden export (`items`, or an encrypted one). */
export function isBitwardenJson(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && (Array.isArray(value.items) || typeof value.encrypted === 'boolean');
}

export function readBitwardenJson(document: Record<string, unknown>): ReadRow[] {
  if (document.encrypted === true || document.passwordProtected === true) {
    throw badRequest(
      'This Bitwarden export is encrypted: export the vault again from Bitwarden as ".json" (not "encrypted")',
    );
  }
  if (!Array.isArray(document.items)) throw badRequest('The Bitwarden export has no "items" list');
  const folders = namesById(document.folders);
  const collections = namesById(document.collections);
  return document.items.map((item) => readItem(item, folders, collections));
}

function namesById(list: unknown): Map<string, string> {
  const names = new Map<string, string>();
  if (Array.isArray(list)) {
    for (const entry of list) {
      if (isRecord(entry)) names.set(textOf(entry.id), textOf(entry.name));
    }
  }
  return names;
}

function readItem(item: unknown, folders: Map<string, string>, collections: Map<string, string>): ReadRow {
  if (!isRecord(item)) return { title: '(untitled)', error: 'Not an item: expected an object' };
  const title = textOf(item.name);
  const type = textOf(item.type);
  if (type !== '1') return notALogin(title, kindOf(type));
  const loginPart = isRecord(item.login) ? item.login : {};
  const uris = (Array.isArray(loginPart.uris) ? loginPart.uris : [])
    .map((uri) => (isRecord(uri) ? textOf(uri.uri).trim() : ''))
    .filter(Boolean);
  const fields = (Array.isArray(item.fields) ? item.fields : [])
    .filter(isRecord)
    .map((field) => `${textOf(field.name)}: ${textOf(field.value)}`);
  const collectionIds = Array.isArray(item.collectionIds) ? item.collectionIds.map(textOf) : [];
  const folder =
    folders.get(textOf(item.folderId)) ??
    collectionIds.map((id) => collections.get(id)).find((name) => name !== undefined) ??
    '';
  const { category, tags } = folderToCategory(folder);
  return draft({
    title,
    website: uris[0] ?? '',
    email: textOf(loginPart.username),
    password: textOf(loginPart.password),
    notes: withExtras(textOf(item.notes), [
      ['Custom fields', fields.join('\n')],
      ['TOTP', textOf(loginPart.totp)],
      ['Other websites', uris.slice(1).join('\n')],
    ]),
    isFavorite: item.favorite === true,
    category,
    tags,
    createdAt: parseDate(item.creationDate),
    updatedAt: parseDate(item.revisionDate),
  });
}
