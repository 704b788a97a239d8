import { useEffect, useId, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { IMPORT_ERRORS_SHOWN } from '../../common/constants';
import type { ImportResult } from '../../common/wire';
import { groupThousands } from '../../common/numbers';

const COUNTS = [
  ['imported', 'Imported'],
  ['updated', 'Updated'],
  ['skipped', 'Skipped'],
] as const;

/** SPEC section 8: the counts, then the first 3 errors and '... and N more'. */
export function ImportResults({ result }: { result: ImportResult }) {
  const id = useId();
  const panel = useRef<HTMLElement>(null);
  const hidden = result.errors.length - IMPORT_ERRORS_SHOWN;

  useEffect(() => {
    // jsdom has no scrollIntoView; browsers bring the panel into the dialog's view.
    panel.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  return (
    <Box
      component="section"
      ref={panel}
      aria-labelledby={`${id}-title`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
    >
      <Typography id={`${id}-title`} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Import results
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, m: 0 }}>
        {COUNTS.map(([key, label]) => (
          <Box key={key} sx={{ textAlign: 'center' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0 }} data-testid={`import-${key}`}>
              {groupThousands(result[key])}
            </Typography>
          </Box>
        ))}
      </Box>
      {result.errors.length > 0 && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          <Typography variant="body2" component="p" sx={{ fontWeight: 600 }}>
            Errors ({result.errors.length})
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label="Import errors">
            {result.errors.slice(0, IMPORT_ERRORS_SHOWN).map((item, index) => (
              <li key={index}>
                {item.title ? `${item.title}: ` : ''}
                {item.error}
              </li>
            ))}
            {hidden > 0 && <li>{`... and ${hidden} more`}</li>}
          </Box>
        </Alert>
      )}
    </Box>
  );
}
