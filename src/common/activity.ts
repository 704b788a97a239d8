// The access log (GET /api/user/activity, GET /api/passwords/:id/activity): what each line may say.

export const ACTIVITY_ACTIONS = [
  'sign-in',
  'reveal',
  'history-reveal',
  'create',
  'update',
  'delete',
  'restore',
  'purge',
  'export',
  'import',
  'master-password-failed',
  'lockout',
  'unlock-paused',
  'password-change',
  'master-password-change',
  'two-factor-on',
  'two-factor-off',
  'admin-disable',
  'admin-enable',
  'admin-revoke-sessions',
  'admin-reset-2fa',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** Who did it: the signed-in user, or the operator with the admin command. */
export type ActivityActor = 'user' | 'operator';

export interface ActivityItem {
  id: string;
  action: ActivityAction;
  actor: ActivityActor;
  entryId: string | null;
  entryTitle: string | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
}

/** One page of the log, newest first; `nextCursor` null at the end. */
export interface ActivityPage {
  items: ActivityItem[];
  nextCursor: string | null;
}

/** How a line reads, e.g. "Revealed Gmail". */
export const ACTIVITY_LABELS: Record<ActivityAction, string> = {
  'sign-in': 'Signed in',
  reveal: 'Revealed',
  'history-reveal': 'Viewed password history of',
  create: 'Created',
  update: 'Updated',
  delete: 'Moved to trash',
  restore: 'Restored',
  purge: 'Deleted forever',
  export: 'Exported the vault',
  import: 'Imported into the vault',
  'master-password-failed': 'Wrong master password',
  lockout: 'Session ended after wrong master passwords',
  'unlock-paused': 'Unlocking paused after wrong master passwords',
  'password-change': 'Changed the account password',
  'master-password-change': 'Changed the master password',
  'two-factor-on': 'Turned two-factor authentication on',
  'two-factor-off': 'Turned two-factor authentication off',
  'admin-disable': 'Account disabled by the administrator',
  'admin-enable': 'Account enabled by the administrator',
  'admin-revoke-sessions': 'Sessions ended by the administrator',
  'admin-reset-2fa': 'Two-factor authentication reset by the administrator',
};
