import Typography from '@mui/material/Typography';

// Placeholder: the vault issue builds this page.
export default function PasswordsPage() {
  return <Typography variant="h4">Passwords</Typography>;
}
