import { SettingsPage } from '../features/settings';
import { ExportCard, ImportCard } from '../features/transfer';

// Features meet only here: the Settings page's Data tab shows the transfer feature's cards.
export default function SettingsRoute() {
  return (
    <SettingsPage
      dataTools={
        <>
          <ExportCard />
          <ImportCard />
        </>
      }
    />
  );
}
