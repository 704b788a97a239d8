// /api/utility: export and import of the whole vault (SPEC section 7). Both need a session and the
// master password; import accepts bodies up to 20 MB.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import {
  ExportBody,
  ExportResponseSchema,
  IMPORT_BODY_LIMIT,
  ImportBody,
  ImportResponseSchema,
  transferValidationErrors,
} from './transfer.schemas';
import { exportPasswords, IMPORT_COMPLETED, importPasswords } from './transfer.service';

export function transferRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    // onRequest: a request without a valid session is refused before its (large) body is read.
    app.addHook('onRequest', makeRequireAuth(ctx));

    app.post(
      '/export',
      {
        schema: { body: ExportBody, response: ExportResponseSchema },
        schemaErrorFormatter: transferValidationErrors,
      },
      async (request, reply) => {
        const { masterPassword, format } = request.body;
        const result = await exportPasswords(ctx, authOf(request), masterPassword, format);
        // Decrypted secrets: no cache may keep them.
        return reply.header('cache-control', 'no-store').send({ success: true as const, ...result });
      },
    );

    app.post(
      '/import',
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        schema: { body: ImportBody, response: ImportResponseSchema },
        schemaErrorFormatter: transferValidationErrors,
      },
      async (request) => {
        const data = await importPasswords(ctx, authOf(request), request.body);
        return { success: true as const, message: IMPORT_COMPLETED, data };
      },
    );
  };
}
