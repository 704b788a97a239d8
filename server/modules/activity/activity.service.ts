// The access log: every sensitive action of an account, with time, address and browser, that its user
// can read back. Lines hold actions, ids and entry titles only, never a secret or a search term.
import type { ActivityAction, ActivityActor, ActivityItem, ActivityPage } from '../../../src/common/activity';
import type { AppContext } from '../../context';
import { newId } from '../../crypto/tokens';
import { badRequest } from '../../http/errors';
import { decodeCursor, encodeCursor, INVALID_CURSOR } from '../../http/keysetCursor';
import { sendSecurityAlert } from '../user/securityAlerts';
import * as repo from './activity.repository';

/** Lines per page of GET /activity. */
export const ACTIVITY_PAGE_SIZE = 50;
/** How long an address counts as known for the account (the new-address alert). */
export const KNOWN_ADDRESS_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Longest user agent kept: enough to tell browsers apart. */
const USER_AGENT_MAX = 300;

export interface ActivityEvent {
  userId: string;
  action: ActivityAction;
  actor?: ActivityActor;
  entryId?: string | null;
  entryTitle?: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

/**
 * Writes one line. A reveal from an address the account has not used for KNOWN_ADDRESS_DAYS sends a
 * security alert (when the user keeps alerts on).
 */
export async function recordActivity(ctx: AppContext, event: ActivityEvent): Promise<void> {
  const now = ctx.now();
  const ip = event.ip ?? null;
  const known =
    event.action === 'reveal' && ip
      ? await repo.seenAddressSince(
          ctx.db,
          event.userId,
          ip,
          new Date(now.getTime() - KNOWN_ADDRESS_DAYS * DAY_MS).toISOString(),
        )
      : true;
  await repo.insertActivity(ctx.db, {
    id: newId(),
    user_id: event.userId,
    action: event.action,
    actor: event.actor ?? 'user',
    entry_id: event.entryId ?? null,
    entry_title: event.entryTitle ?? null,
    ip,
    user_agent: event.userAgent ? event.userAgent.slice(0, USER_AGENT_MAX) : null,
    created_at: now.toISOString(),
  });
  if (!known && ip) void sendSecurityAlert(ctx, event.userId, 'reveal-from-new-address', { ip });
}

function toItem(row: repo.ActivityRow): ActivityItem {
  return {
    id: row.id,
    action: row.action as ActivityItem['action'],
    actor: row.actor === 'operator' ? 'operator' : 'user',
    entryId: row.entry_id,
    entryTitle: row.entry_title,
    ip: row.ip,
    userAgent: row.user_agent,
    createdAt: row.created_at,
  };
}

/** A page of the user's log (of one entry with `entryId`), newest first. */
export async function listActivity(
  ctx: AppContext,
  userId: string,
  options: { entryId?: string; cursor?: string },
): Promise<ActivityPage> {
  const after = options.cursor === undefined ? undefined : decodeCursor(options.cursor);
  if (after === null) throw badRequest(INVALID_CURSOR);
  const rows = await repo.listActivity(ctx.db, userId, {
    entryId: options.entryId,
    after,
    limit: ACTIVITY_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, ACTIVITY_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    items: page.map(toItem),
    nextCursor:
      rows.length > ACTIVITY_PAGE_SIZE && last
        ? encodeCursor({ createdAt: last.created_at, id: last.id })
        : null,
  };
}

/** Deletes lines older than `retentionDays`, of every user (safe when several processes sweep). */
export function sweepActivity(ctx: AppContext, retentionDays: number): Promise<number> {
  return repo.deleteActivityBefore(
    ctx.db,
    new Date(ctx.now().getTime() - retentionDays * DAY_MS).toISOString(),
  );
}

/** Everything of the module that belongs to the user (account deletion, in its transaction). */
export function deleteUserActivity(db: repo.Executor, userId: string): Promise<void> {
  return repo.deleteUserActivity(db, userId);
}
