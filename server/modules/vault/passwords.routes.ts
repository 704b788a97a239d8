// /api/passwords: the vault entries (SPEC section 7). Every route needs a session; the ones that reveal
// or change a secret also take the master password.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import {
  CreateEntryBody,
  CreatedEntryResponse,
  EntryParams,
  EntryResponse,
  ListQuery,
  ListResponse,
  MasterPasswordBody,
  MessageResponse,
  RevealResponse,
  StatsResponse,
  UpdateEntryBody,
  validationErrors,
} from './passwords.schemas';
import * as service from './passwords.service';
import { MASTER_PASSWORD_REQUIRED, vaultCredential } from './vaultCredential';

export function passwordRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    // onRequest: a request without a valid session is refused before its body is even read.
    app.addHook('onRequest', makeRequireAuth(ctx));

    app.get(
      '/',
      {
        schema: { querystring: ListQuery, response: ListResponse },
        schemaErrorFormatter: validationErrors(),
      },
      async (request, reply) => {
        const answer = await service.listPasswordsJson(ctx, authOf(request).userId, request.query);
        // Already JSON, text or bytes: Fastify sends either with a JSON type as it is, unserialised (the type
        // provider only knows the object it describes).
        return reply.type('application/json; charset=utf-8').send(answer as never);
      },
    );

    app.get('/stats', { schema: { response: StatsResponse } }, async (request) => {
      const data = await service.passwordStats(ctx, authOf(request).userId);
      return { success: true as const, data };
    });

    app.post(
      '/',
      {
        schema: { body: CreateEntryBody, response: CreatedEntryResponse },
        schemaErrorFormatter: validationErrors('Password is required'),
      },
      async (request, reply) => {
        const password = await service.createPassword(
          ctx,
          authOf(request),
          request.body,
          vaultCredential(request, request.body.masterPassword),
        );
        return reply
          .code(201)
          .send({ success: true as const, message: 'Password created successfully', data: { password } });
      },
    );

    app.put(
      '/:id',
      {
        schema: { params: EntryParams, body: UpdateEntryBody, response: EntryResponse },
        schemaErrorFormatter: validationErrors(MASTER_PASSWORD_REQUIRED),
      },
      async (request) => {
        const password = await service.updatePassword(
          ctx,
          authOf(request),
          request.params.id,
          request.body,
          vaultCredential(request, request.body.masterPassword),
        );
        return { success: true as const, message: 'Password updated successfully', data: { password } };
      },
    );

    app.delete(
      '/:id',
      {
        schema: { params: EntryParams, body: MasterPasswordBody, response: MessageResponse },
        schemaErrorFormatter: validationErrors(MASTER_PASSWORD_REQUIRED),
      },
      async (request) => {
        await service.deletePassword(
          ctx,
          authOf(request),
          request.params.id,
          vaultCredential(request, request.body.masterPassword),
        );
        return { success: true as const, message: 'Password deleted successfully' };
      },
    );

    app.post(
      '/:id/view',
      {
        schema: { params: EntryParams, body: MasterPasswordBody, response: RevealResponse },
        schemaErrorFormatter: validationErrors(MASTER_PASSWORD_REQUIRED),
      },
      async (request, reply) => {
        const password = await service.revealPassword(
          ctx,
          authOf(request),
          request.params.id,
          vaultCredential(request, request.body.masterPassword),
        );
        // A decrypted secret: no cache may keep it.
        return reply.header('cache-control', 'no-store').send({ success: true as const, data: { password } });
      },
    );

    app.patch(
      '/:id/favorite',
      { schema: { params: EntryParams, response: EntryResponse } },
      async (request) => {
        const password = await service.toggleFavorite(ctx, authOf(request).userId, request.params.id);
        const message = password.isFavorite ? 'Added to favorites' : 'Removed from favorites';
        return { success: true as const, message, data: { password } };
      },
    );
  };
}
