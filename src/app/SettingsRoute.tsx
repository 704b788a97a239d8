import { SettingsPage } from '../features/settings';
import { ExportCard, ImportCard } from '../features/transfer';

/** The page this route shows, for a reload of /settings (signedInCode.ts). */
export const loadSettingsPage = () => SettingsPage.load();

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
