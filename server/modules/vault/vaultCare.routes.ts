// /api/passwords, continued: what cares for the vault over time (health, history, the trash). The
// running server also purges what stayed in the trash too long, once at start and then every hour.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context';
import { runPeriodically } from '../../http/periodic';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import { passwordHistory } from './history.service';
import {
  EmptyTrashBody,
  EmptyTrashResponse,
  EntryParams,
  EntryResponse,
  HealthResponse,
  HistoryResponse,
  MasterPasswordBody,
  MessageResponse,
  TrashResponse,
  validationErrors,
} from './passwords.schemas';
import { vaultHealth } from './passwords.service';
import { MASTER_PASSWORD_REQUIRED, vaultCredential } from './vaultCredential';
import {
  emptyTrash,
  listTrash,
  purgePassword,
  restorePassword,
  sweepTrash,
  TRASH_SWEEP_MS,
} from './trash.service';

export function vaultCareRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addHook('onRequest', makeRequireAuth(ctx));
    // Several processes may sweep at once: each delete removes what is still there.
    runPeriodically(app, 'trash sweep', () => sweepTrash(ctx), TRASH_SWEEP_MS);

    app.get('/health', { schema: { response: HealthResponse } }, async (request) => {
      const data = await vaultHealth(ctx, authOf(request).userId);
      return { success: true as const, data };
    });

    app.post(
      '/:id/history',
      {
        schema: { params: EntryParams, body: MasterPasswordBody, response: HistoryResponse },
        schemaErrorFormatter: validationErrors(MASTER_PASSWORD_REQUIRED),
      },
      async (request, reply) => {
        const { id } = request.params;
        const history = await passwordHistory(
          ctx,
          authOf(request),
          id,
          vaultCredential(request, request.body.masterPassword),
        );
        // Decrypted secrets: no cache may keep them.
        return reply.header('cache-control', 'no-store').send({ success: true as const, data: { history } });
      },
    );

    app.get('/trash', { schema: { response: TrashResponse } }, async (request) => {
      const passwords = await listTrash(ctx, authOf(request).userId);
      return { success: true as const, data: { passwords } };
    });

    app.delete(
      '/trash',
      {
        schema: { body: EmptyTrashBody, response: EmptyTrashResponse },
        schemaErrorFormatter: validationErrors(MASTER_PASSWORD_REQUIRED),
      },
      async (request) => {
        const { masterPassword, through } = request.body;
        const deleted = await emptyTrash(
          ctx,
          authOf(request),
          through,
          vaultCredential(request, masterPassword),
        );
        return { success: true as const, message: 'Trash emptied', data: { deleted } };
      },
    );

    app.post(
      '/:id/restore',
      { schema: { params: EntryParams, response: EntryResponse } },
      async (request) => {
        const password = await restorePassword(ctx, authOf(request).userId, request.params.id);
        return { success: true as const, message: 'Password restored', data: { password } };
      },
    );

    app.delete(
      '/:id/purge',
      {
        schema: { params: EntryParams, body: MasterPasswordBody, response: MessageResponse },
        schemaErrorFormatter: validationErrors(MASTER_PASSWORD_REQUIRED),
      },
      async (request) => {
        await purgePassword(
          ctx,
          authOf(request),
          request.params.id,
          vaultCredential(request, request.body.masterPassword),
        );
        return { success: true as const, message: 'Password deleted permanently' };
      },
    );
  };
}
