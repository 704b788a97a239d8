import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { FormatSelect } from './FormatSelect';

/** SPEC section 2: what an export does, in four lines. */
export const EXPORT_INFORMATION = [
  { text: 'All passwords will be decrypted and exported', warning: true },
  { text: 'Keep the exported file secure and delete it after use', warning: true },
  { text: 'JSON format keeps all metadata, such as tags and notes', warning: false },
  { text: 'CSV format is compatible with most password managers', warning: false },
] as const;

export function ExportTab({ disabled }: { disabled: boolean }) {
  return (
    <Stack spacing={2}>
      <FormatSelect name="exportFormat" disabled={disabled} />
      <List dense disablePadding aria-label="About exporting">
        {EXPORT_INFORMATION.map(({ text, warning }) => (
          <ListItem key={text} disableGutters>
            <ListItemIcon sx={{ minWidth: 36 }}>
              {warning ? (
                <WarningAmberOutlined color="warning" fontSize="small" />
              ) : (
                <InfoOutlined color="info" fontSize="small" />
              )}
            </ListItemIcon>
            <ListItemText primary={text} />
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}
