import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ImportStage } from './importRequest';
import { useImportStage } from './importStage';
import { groupThousands } from '../../common/numbers';

interface Shown {
  /** What the status says: it changes with the phase only, so a screen reader hears each phase once. */
  text: string;
  /** 0-100 for a determinate bar; undefined while the server reads the file and checks the password. */
  percent?: number;
}

export function describeStage(stage: ImportStage | null): Shown {
  if (stage?.phase === 'uploading') {
    return {
      text: 'Uploading…',
      percent: stage.total > 0 ? Math.floor((stage.sent / stage.total) * 100) : 0,
    };
  }
  if (stage?.phase === 'writing') {
    const entries = `${groupThousands(stage.total)} ${stage.total === 1 ? 'entry' : 'entries'}`;
    return {
      text: `Importing ${entries}…`,
      percent: stage.total > 0 ? Math.floor((stage.done / stage.total) * 100) : 100,
    };
  }
  return { text: 'Importing…' };
}

/** The upload's progress, then the server's (entries written of the total) when it reports it. */
export function ImportProgress() {
  const { text, percent } = describeStage(useImportStage());
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
        <Typography role="status" variant="body2" color="text.secondary">
          {text}
        </Typography>
        {percent !== undefined && (
          <Typography variant="body2" color="text.secondary" aria-hidden>
            {percent}%
          </Typography>
        )}
      </Stack>
      <LinearProgress
        aria-label="Importing passwords"
        variant={percent === undefined ? 'indeterminate' : 'determinate'}
        value={percent}
      />
    </Box>
  );
}
