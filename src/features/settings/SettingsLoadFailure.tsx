import { messageOf } from '../../shared/api/errorText';
import { RetryAlert } from '../../shared/ui/RetryAlert';

export interface SettingsLoadFailureProps {
  /** The settings query of the screen that shows this (its own subscription: this one adds none). */
  query: { error?: unknown; isFetching: boolean; refetch: () => unknown };
}

/**
 * In place of what the settings hold (the counts, the preferences) when they could not be loaded: says
 * so, with Retry, rather than showing defaults or dashes as if they were the user's. No toast: SPEC
 * section 8 keeps a failed load of the settings quiet. It must not subscribe to the query itself: a new
 * subscriber to a failed query fetches it again, and that would fail, unmount and remount this forever.
 */
export function SettingsLoadFailure({ query }: SettingsLoadFailureProps) {
  return (
    <RetryAlert onRetry={() => void query.refetch()} retrying={query.isFetching}>
      {`Your settings could not be loaded: ${messageOf(query.error)}`}
    </RetryAlert>
  );
}
