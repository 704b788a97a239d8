// The transfer feature (export and import of the vault) as the Settings page's Data tab shows it.
export { ExportCard, ImportCard } from './DataCards';
