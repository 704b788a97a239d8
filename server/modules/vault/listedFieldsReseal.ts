// What lists show of custom fields is sealed with the server key: when that key changes (crypto/serverKey
// `adoptServerKey`, at start-up) it moves to the new key. Apart from entrySecrets.ts, which worker
// threads load and which touches no database.
import type { Db } from '../../db/database';
import { openWithServerKey, sealWithServerKey } from '../../crypto/sealedText';
import { listedAad } from './entrySecrets';
import * as repo from './vault.repository';

/** A server-key change (crypto/serverKey `adoptServerKey`): the listed fields move to the new key. */
export async function resealListedFields(trx: Db, from: Buffer, to: Buffer): Promise<void> {
  for (const row of await repo.listSealedFieldLists(trx)) {
    const aad = listedAad(row.user_id, row.id);
    const json = row.fields_listed === null ? null : openWithServerKey(from, row.fields_listed, aad);
    await repo.setSealedFieldList(trx, row.id, json === null ? null : sealWithServerKey(to, json, aad));
  }
}
