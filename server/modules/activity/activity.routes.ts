// The access log a user reads: GET /api/user/activity and GET /api/passwords/:id/activity, newest
// first, in keyset pages. The running server deletes lines older than ACTIVITY_RETENTION_DAYS.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ACTIVITY_ACTIONS } from '../../../src/common/activity';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../http/errors';
import { INVALID_CURSOR, MAX_CURSOR_LENGTH } from '../../http/keysetCursor';
import { runPeriodically } from '../../http/periodic';
import { errorResponses } from '../../http/schemas';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import { ENTRY_NOT_FOUND, entryTitle } from '../vault/passwords.service';
import { listActivity, sweepActivity } from './activity.service';

const SWEEP_MS = 60 * 60 * 1000;

const PageQuery = Type.Object({
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_CURSOR_LENGTH })),
});
const ItemSchema = Type.Object({
  id: Type.String(),
  action: Type.Unsafe<(typeof ACTIVITY_ACTIONS)[number]>({ type: 'string', enum: [...ACTIVITY_ACTIONS] }),
  actor: Type.Union([Type.Literal('user'), Type.Literal('operator')]),
  entryId: Type.Union([Type.String(), Type.Null()]),
  entryTitle: Type.Union([Type.String(), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
const PageResponse = {
  200: Type.Object({
    success: Type.Literal(true),
    data: Type.Object({
      items: Type.Array(ItemSchema),
      nextCursor: Type.Union([Type.String(), Type.Null()]),
    }),
  }),
  ...errorResponses,
};
const cursorErrors = () => badRequest(INVALID_CURSOR);

export function activityRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addHook('onRequest', makeRequireAuth(ctx));
    runPeriodically(
      app,
      'access log sweep',
      () => sweepActivity(ctx, ctx.config.activityRetentionDays),
      SWEEP_MS,
    );

    app.get(
      '/user/activity',
      { schema: { querystring: PageQuery, response: PageResponse }, schemaErrorFormatter: cursorErrors },
      async (request) => {
        const data = await listActivity(ctx, authOf(request).userId, { cursor: request.query.cursor });
        return { success: true as const, data };
      },
    );

    app.get(
      '/passwords/:id/activity',
      {
        schema: {
          params: Type.Object({ id: Type.String() }),
          querystring: PageQuery,
          response: PageResponse,
        },
        schemaErrorFormatter: cursorErrors,
      },
      async (request) => {
        const { id } = request.params;
        const { userId } = authOf(request);
        // The entry's own lines while it is in the vault or the trash; another user's id is not found.
        if ((await entryTitle(ctx, userId, id)) === null) throw notFound(ENTRY_NOT_FOUND);
        const data = await listActivity(ctx, userId, { entryId: id, cursor: request.query.cursor });
        return { success: true as const, data };
      },
    );
  };
}
