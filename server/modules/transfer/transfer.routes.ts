// /api/utility: export and import of the whole vault (SPEC section 7). Both need a session and the
// master password; import accepts bodies up to 20 MB.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { releaseBulkGarbage } from '../../heap';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import { vaultCredential } from '../vault/vaultCredential';
import { answerWithProgress, wantsProgress, type ImportAnswer } from './importStream';
import {
  ExportBody,
  ExportResponseSchema,
  IMPORT_BODY_LIMIT,
  ImportBody,
  ImportResponseSchema,
  transferValidationErrors,
} from './transfer.schemas';
import { exportPasswords, IMPORT_COMPLETED, importPasswords } from './transfer.service';
import type { ImportResult } from '../../../src/common/wire';

const importAnswer = (data: ImportResult): ImportAnswer => ({
  success: true,
  message: IMPORT_COMPLETED,
  data,
});

export function transferRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    // onRequest: a request without a valid session is refused before its (large) body is read.
    app.addHook('onRequest', makeRequireAuth(ctx));
    // An export or import of a large vault leaves tens of MB behind once its answer has gone.
    app.addHook('onResponse', async () => releaseBulkGarbage());

    app.post(
      '/export',
      {
        // The 200 answer is a stream (its schema documents what it parses to); errors are serialised.
        schema: { body: ExportBody, response: ExportResponseSchema },
        schemaErrorFormatter: transferValidationErrors,
      },
      async (request, reply) => {
        const { masterPassword, format } = request.body;
        const credential = vaultCredential(request, masterPassword);
        const { body } = await exportPasswords(ctx, authOf(request), credential, format);
        // The typed reply accepts the schema's shapes only; the stream's bytes parse to the 200 one.
        const untyped: FastifyReply = reply;
        // Decrypted secrets: no cache may keep them.
        return untyped.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
      },
    );

    app.post(
      '/import',
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        schema: { body: ImportBody, response: ImportResponseSchema },
        schemaErrorFormatter: transferValidationErrors,
      },
      async (request, reply) => {
        const auth = authOf(request);
        const { masterPassword, data, options } = request.body;
        const importRequest = { credential: vaultCredential(request, masterPassword), data, options };
        if (!wantsProgress(request.headers.accept)) {
          return importAnswer(await importPasswords(ctx, auth, importRequest));
        }
        return answerWithProgress(
          reply,
          (progress) => importPasswords(ctx, auth, importRequest, progress),
          importAnswer,
        );
      },
    );
  };
}
