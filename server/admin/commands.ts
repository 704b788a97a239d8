// The administrator's commands (npm run admin -- <command>): each does one thing to an account, says
// what it did, and writes it to that user's access log as done by the operator. Safe while servers run:
// every change is one transaction in the same database, and sessions are checked there on each request.
import type { ActivityAction } from '../../src/common/activity';
import type { AppContext } from '../context';
import { recordActivity } from '../modules/activity/activity.service';
import {
  accountByEmail,
  disableAccount,
  enableAccount,
  endAccountSessions,
  inviteByEmail,
  listAccounts,
  OperatorError,
} from '../modules/auth/operator';
import { resetByOperator } from '../modules/twoFactor/twoFactor.service';
import { securityAlertMail } from '../modules/user/securityAlerts';
import { removeAccount } from '../modules/user/user.service';
import { entryCount } from '../modules/vault/vaultAccount';

export { OperatorError };

export const USAGE = `Usage: npm run admin -- <command>

  users [--json]             list accounts: e-mail, created, last sign-in, 2FA, disabled, entries
  disable EMAIL              end the account's sessions and refuse its sign-ins
  enable EMAIL               allow a disabled account to sign in again
  revoke-sessions EMAIL      end every session of the account
  reset-2fa EMAIL            turn two-factor authentication off (a lost authenticator) and mail the user
  delete EMAIL --yes         delete the account, its vault and everything of it, for good
  invite EMAIL               print (and mail, when SMTP_URL is set) a single-use link to register`;

export interface CommandOutput {
  /** The lines to print. */
  lines: string[];
}

const operatorLine = (ctx: AppContext, userId: string, action: ActivityAction) =>
  recordActivity(ctx, { userId, action, actor: 'operator' });

/** Where links point: PUBLIC_URL, else the server's own address from HOST, PORT and BASE_PATH. */
function baseUrlOf(ctx: AppContext): string {
  const { publicUrl, host, port, basePath } = ctx.config;
  return publicUrl ?? `http://${host}:${port}${basePath}`;
}

async function users(ctx: AppContext, flags: string[]): Promise<CommandOutput> {
  const rows = await listAccounts(ctx);
  const accounts = await Promise.all(
    rows.map(async (row) => ({
      email: row.email,
      createdAt: row.created_at,
      lastSignIn: row.last_sign_in ?? null,
      twoFactor: Number(row.two_factor_enabled) === 1,
      disabled: row.disabled_at !== null,
      entries: await entryCount(ctx, row.id),
    })),
  );
  if (flags.includes('--json')) return { lines: [JSON.stringify(accounts, null, 2)] };
  if (accounts.length === 0) return { lines: ['No accounts yet.'] };
  const day = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : 'never');
  const table = [
    ['E-MAIL', 'CREATED', 'LAST SIGN-IN', '2FA', 'DISABLED', 'ENTRIES'],
    ...accounts.map((a) => [
      a.email,
      day(a.createdAt),
      day(a.lastSignIn),
      a.twoFactor ? 'on' : 'off',
      a.disabled ? 'yes' : 'no',
      String(a.entries),
    ]),
  ];
  const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
  return {
    lines: table.map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    ),
  };
}

type Command = (ctx: AppContext, args: string[], flags: string[]) => Promise<CommandOutput>;

const COMMANDS: Record<string, Command> = {
  users: (ctx, _args, flags) => users(ctx, flags),
  async disable(ctx, args) {
    const account = await accountByEmail(ctx, args[0]);
    await disableAccount(ctx, account);
    await operatorLine(ctx, account.id, 'admin-disable');
    return { lines: [`Disabled ${account.email}: its sessions have ended and it cannot sign in.`] };
  },
  async enable(ctx, args) {
    const account = await accountByEmail(ctx, args[0]);
    await enableAccount(ctx, account);
    await operatorLine(ctx, account.id, 'admin-enable');
    return { lines: [`Enabled ${account.email}: it can sign in again.`] };
  },
  async 'revoke-sessions'(ctx, args) {
    const account = await accountByEmail(ctx, args[0]);
    await endAccountSessions(ctx, account);
    await operatorLine(ctx, account.id, 'admin-revoke-sessions');
    return { lines: [`Ended every session of ${account.email}.`] };
  },
  async 'reset-2fa'(ctx, args) {
    const account = await accountByEmail(ctx, args[0]);
    if (!(await resetByOperator(ctx, account.id))) {
      throw new OperatorError(`${account.email} does not use two-factor authentication`);
    }
    await operatorLine(ctx, account.id, 'admin-reset-2fa');
    // Sent whatever the user's alert setting: their sign-in just became weaker.
    const mail = securityAlertMail('two-factor-reset', account.first_name, ctx.now());
    await ctx.mailer.send({ to: account.email, ...mail });
    return { lines: [`Turned two-factor authentication off for ${account.email} and told them by e-mail.`] };
  },
  async delete(ctx, args, flags) {
    const account = await accountByEmail(ctx, args[0]);
    if (!flags.includes('--yes')) {
      throw new OperatorError(
        `This deletes ${account.email} and its whole vault for good: add --yes to confirm`,
      );
    }
    await removeAccount(ctx, account);
    return { lines: [`Deleted ${account.email} and everything of it.`] };
  },
  async invite(ctx, args) {
    const sent = await inviteByEmail(ctx, args[0], baseUrlOf(ctx));
    return {
      lines: [
        `Invitation for ${sent.email}, valid once until ${sent.expiresAt}:`,
        sent.link,
        sent.mailed
          ? `Mailed to ${sent.email}.`
          : 'Not mailed (SMTP_URL is not set): send the link yourself.',
      ],
    };
  },
};

/** Runs one command; an OperatorError is the operator's mistake (one line, exit code 1). */
export async function runCommand(ctx: AppContext, argv: string[]): Promise<CommandOutput> {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help') return { lines: [USAGE] };
  const handler = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!handler) throw new OperatorError(`Unknown command "${command}".\n${USAGE}`);
  const args = rest.filter((arg) => !arg.startsWith('--'));
  const flags = rest.filter((arg) => arg.startsWith('--'));
  return handler(ctx, args, flags);
}
