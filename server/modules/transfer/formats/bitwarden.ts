// Bitwarden's unencrypted exports. Only logins are passwords; notes, cards and identities are reported.
//
// JSON: { encrypted: false, folders: [{id, name}], items: [{ type: 1, name, notes, favorite, folderId,
//         fields: [{name, value, type}], login: { username, password, totp, uris: [{uri}] },
//         creationDate, revisionDate }] }; an organisation's export has collections: [{id, name}] and
//         items[].collectionIds instead of folders. Told apart from other JSON by its own shape: an
//         `encrypted` flag, or items whose `type` is Bitwarden's number and whose logins are objects.
// CSV:  folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp;
//       an organisation's: collections,type,name,notes,fields,reprompt,login_uri,… (no folder, no
//       favorite; several collections comma-separated in the cell).
//
// Where things go: the first URI is the website, the others the custom fields "Website 2", "Website 3"…;
// login.totp (login_totp) the TOTP; the folder the category (when it names one) and a tag; each
// collection a tag. Custom fields stay custom fields: in JSON, type 0 (text) and 2 (boolean, "true" or
// "false") are shown, type 1 (hidden) is hidden, and type 3 (linked: no value of its own, only a pointer
// to the username or password, which are imported anyway) is left out. The CSV's fields cell is one
// `name: value` line per field (split at the first ": "; a line without one continues the value above)
// and does not say which were hidden: they come in shown. `reprompt` is not kept: PassVault asks for the
// master password before every reveal.
import { badRequest } from '../../../http/errors';
import type { CustomField } from '../../../../src/common/wire';
import { draft, folderToCategory, moreWebsites, notALogin, parseDate, parseFlag, unique } from './fields';
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

/** Bitwarden's custom field types (FieldType). */
const FIELD_TEXT = 0;
const FIELD_HIDDEN = 1;
const FIELD_BOOLEAN = 2;

/** The name of a custom field that has none in the file (a field must have a name here). */
const UNNAMED_FIELD = 'Custom field';

/** A folder, or an organisation's collections, as the category and tags. */
function grouping(folder: string, collections: readonly string[]) {
  const groups = [folder, ...collections].map((name) => folderToCategory(name));
  return {
    category: groups.find((group) => group.category !== 'other')?.category ?? 'other',
    tags: unique(groups.flatMap((group) => group.tags)),
  };
}

export const bitwardenCsv: CsvFormat = {
  name: 'bitwarden-csv',
  columns: ['type', 'name', 'login_uri', 'login_username', 'login_password'],
  mapped: [
    'folder',
    'collections',
    'favorite',
    'type',
    'name',
    'notes',
    'fields',
    'login_uri',
    'login_username',
    'login_password',
    'login_totp',
    'archiveddate',
  ],
  ignored: ['reprompt'],
  read(cell: CsvRecord): ReadRow {
    const type = cell('type').trim();
    if (type && type.toLowerCase() !== 'login') return notALogin(cell('name'), kindOf(type));
    // Several URIs of one login are written comma-separated in the one cell.
    const [website = '', ...otherUris] = cell('login_uri')
      .split(/[,\n]/)
      .map((uri) => uri.trim())
      .filter(Boolean);
    const collections = cell('collections')
      .split(',')
      .map((name) => name.trim());
    const { category, tags } = grouping(cell('folder'), collections);
    return draft({
      title: cell('name'),
      website,
      email: cell('login_username'),
      password: cell('login_password'),
      notes: cell('notes'),
      totp: cell('login_totp'),
      fields: [...csvFields(cell('fields')), ...moreWebsites(otherUris)],
      isFavorite: parseFlag(cell('favorite')),
      category,
      tags: cell('archiveddate').trim() ? unique([...tags, 'archived']) : tags,
    });
  },
};

/** The CSV's fields cell: `name: value` lines, as Bitwarden writes them. */
export function csvFields(cell: string): CustomField[] {
  const fields: CustomField[] = [];
  const named = (name: string, value: string) =>
    fields.push({ name: name.trim() ? name : UNNAMED_FIELD, value, hidden: false });
  for (const line of cell.replace(/[\r\n]+$/, '').split(/\r?\n/)) {
    const colon = line.indexOf(': ');
    const last = fields[fields.length - 1];
    if (colon >= 0) named(line.slice(0, colon), line.slice(colon + 2));
    else if (line.endsWith(':')) named(line.slice(0, -1), '');
    else if (last) last.value += `\n${line}`;
    else if (line.trim()) named('', line);
  }
  return fields;
}

/**
 * Whether a parsed JSON document is a Bitwarden export, by Bitwarden's own shape: an `encrypted` flag
 * (every export has one), or a list of items each with a numeric `type` whose logins are objects (the
 * minimal file Bitwarden's help describes). An object that merely has an `items` list (Enpass, and
 * others) is not one.
 */
export function isBitwardenJson(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  if (typeof value.encrypted === 'boolean') return true;
  const { items } = value;
  return (
    Array.isArray(items) &&
    items.length > 0 &&
    items.every(
      (item) =>
        isRecord(item) &&
        typeof item.type === 'number' &&
        (item.type !== 1 || item.login === undefined || isRecord(item.login)),
    ) &&
    items.some((item) => isRecord(item) && isRecord(item.login))
  );
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

/** An item's custom fields: text, boolean and hidden ones; linked ones have no value of their own. */
function jsonFields(list: unknown): CustomField[] {
  if (!Array.isArray(list)) return [];
  return list.filter(isRecord).flatMap((field): CustomField[] => {
    const type = Number(textOf(field.type) || FIELD_TEXT);
    if (type !== FIELD_TEXT && type !== FIELD_HIDDEN && type !== FIELD_BOOLEAN) return [];
    const name = textOf(field.name).trim() ? textOf(field.name) : UNNAMED_FIELD;
    return [{ name, value: textOf(field.value), hidden: type === FIELD_HIDDEN }];
  });
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
  const collectionNames = (Array.isArray(item.collectionIds) ? item.collectionIds : [])
    .map((id) => collections.get(textOf(id)))
    .filter((name): name is string => name !== undefined);
  const { category, tags } = grouping(folders.get(textOf(item.folderId)) ?? '', collectionNames);
  return draft({
    title,
    website: uris[0] ?? '',
    email: textOf(loginPart.username),
    password: textOf(loginPart.password),
    notes: textOf(item.notes),
    totp: textOf(loginPart.totp),
    fields: [...jsonFields(item.fields), ...moreWebsites(uris.slice(1))],
    isFavorite: item.favorite === true,
    category,
    tags: textOf(item.archivedDate) ? unique([...tags, 'archived']) : tags,
    createdAt: parseDate(item.creationDate),
    updatedAt: parseDate(item.revisionDate),
  });
}
