// What opens the vault for one request: the master password in the body, or, inside the session's
// unlock window, the tab's unlock key in the X-Vault-Unlock header.
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors';
import { UNLOCK_HEADER } from './unlockGrant';

export const MASTER_PASSWORD_REQUIRED = 'Master password is required';

export type VaultCredential = string | { unlockKey: string };

/** The body's master password when given, else the unlock key; 400 when the request has neither. */
export function vaultCredential(
  request: FastifyRequest,
  masterPassword: string | undefined,
): VaultCredential {
  if (masterPassword) return masterPassword;
  const unlockKey = request.headers[UNLOCK_HEADER];
  if (typeof unlockKey === 'string' && unlockKey) return { unlockKey };
  throw badRequest(MASTER_PASSWORD_REQUIRED);
}
