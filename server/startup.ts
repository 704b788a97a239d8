// What a server does with its database before it serves: migrate it, make sure the server key is the
// database's (moving a key that older versions kept inside the database out of it), and upgrade what the
// key protects. main.ts and the tests' app both start this way.
import type { Config } from './config';
import { adoptServerKey, loadServerKey } from './crypto/serverKey';
import type { Db } from './db/database';
import { migrateToLatest } from './db/migrate';
import { ensurePrivateDir } from './db/privateFiles';
import { resealSecrets, upgradeRecoveryCodeHashes } from './modules/twoFactor/twoFactor.service';
import { resealListedFields } from './modules/vault/listedFieldsReseal';

export async function prepareDatabase(
  config: Pick<Config, 'dataDir' | 'serverKey'>,
  db: Db,
): Promise<Buffer> {
  await migrateToLatest(db);
  ensurePrivateDir(config.dataDir);
  const serverKey = await loadServerKey(db, { configured: config.serverKey, dataDir: config.dataDir });
  await adoptServerKey(db, serverKey, async (trx, from, to) => {
    await resealSecrets(trx, from, to);
    await resealListedFields(trx, from, to);
  });
  await upgradeRecoveryCodeHashes(db, serverKey);
  return serverKey;
}
