import Typography from '@mui/material/Typography';

// Placeholder: the vault issue builds this page.
export default function DashboardPage() {
  return <Typography variant="h4">Dashboard</Typography>;
}
