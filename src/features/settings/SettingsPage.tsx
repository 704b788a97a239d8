import Typography from '@mui/material/Typography';

// Placeholder: the settings issue builds this page.
export default function SettingsPage() {
  return <Typography variant="h4">Settings</Typography>;
}
