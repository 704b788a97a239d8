import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import { useSnackbar } from 'notistack';
import { copyToClipboard } from '../../shared/ui/clipboard';

export const RECOVERY_CODES_FILE = 'passvault-recovery-codes.txt';

function codesText(codes: string[]): string {
  return [
    'PassVault recovery codes',
    'Each code signs you in once if you lose your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

function download(codes: string[]): void {
  const url = URL.createObjectURL(new Blob([codesText(codes)], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = RECOVERY_CODES_FILE;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the download has started by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The ten one-time recovery codes, shown once, with copy and download. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { enqueueSnackbar } = useSnackbar();
  const copy = async () => {
    try {
      await copyToClipboard(codes.join('\n'), { sensitive: true });
      enqueueSnackbar('Recovery codes copied to clipboard', { variant: 'success' });
    } catch {
      enqueueSnackbar('Failed to copy to clipboard', { variant: 'error' });
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="warning">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator
        app. They will not be shown again.
      </Alert>
      <Box
        component="ol"
        aria-label="Recovery codes"
        sx={{
          m: 0,
          p: 2,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 1,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'action.hover',
          fontFamily: 'monospace',
          fontSize: '1rem',
          textAlign: 'center',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button variant="outlined" startIcon={<Download />} onClick={() => download(codes)}>
          Download (.txt)
        </Button>
      </Box>
    </Box>
  );
}
