// The Settings page's Data tab: an Export card and an Import card (SPEC section 2), each opening the
// Export/Import dialog on its own tab.
import { useId, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import { TransferDialog } from './TransferDialog';
import type { TransferTab } from './transferForm';

interface DataCardProps {
  tab: TransferTab;
  title: string;
  text: string;
  action: string;
  icon: ReactNode;
}

function DataCard({ tab, title, text, action, icon }: DataCardProps) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h3" gutterBottom>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {text}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button variant="contained" startIcon={icon} onClick={() => setOpen(true)}>
          {action}
        </Button>
      </CardActions>
      <TransferDialog open={open} initialTab={tab} onClose={() => setOpen(false)} />
    </Card>
  );
}

export function ExportCard() {
  return (
    <DataCard
      tab="export"
      title="Export Passwords"
      text="Download every entry, decrypted, as a JSON or CSV file. Your master password is needed."
      action="Export passwords"
      icon={<FileDownloadOutlined />}
    />
  );
}

export function ImportCard() {
  return (
    <DataCard
      tab="import"
      title="Import Passwords"
      text="Bring in a JSON or CSV file from this app or from another password manager, without duplicates."
      action="Import passwords"
      icon={<FileUploadOutlined />}
    />
  );
}
