import { ActivityList } from './ActivityList';
import { SettingsSection } from './SettingsSection';

/** Issue 15, Settings > Activity: the account's access log. */
export function ActivityTab() {
  return (
    <SettingsSection
      title="Activity"
      description="Sign-ins and every action on your vault, newest first, with the address and browser it came from. Something you don't recognise? Change your passwords and turn on two-factor authentication."
    >
      <ActivityList label="Account activity" />
    </SettingsSection>
  );
}
