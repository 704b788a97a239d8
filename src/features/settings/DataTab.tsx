import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Settings } from '../../common/wire';
import { SettingsLoadFailure } from './SettingsLoadFailure';
import { SettingsSection } from './SettingsSection';
import { useGetSettingsQuery } from './settingsApi';
import { countBoxSx, countFontSize } from '../../shared/ui/countSize';
import { groupThousands } from '../../common/numbers';

/** A count of the overview as the rest of the app writes numbers ("12,500"), or a dash when absent. */
const formatCount = (value: Settings[keyof Settings] | undefined) =>
  typeof value === 'number' ? groupThousands(value) : '–';

const COUNTS: { key: keyof Settings; label: string }[] = [
  { key: 'totalPasswords', label: 'Total Passwords' },
  { key: 'favoritePasswords', label: 'Favorites' },
  { key: 'totalCategories', label: 'Categories' },
  { key: 'totalTags', label: 'Tags' },
];

export interface DataTabProps {
  /** The Export and Import cards, handed in by the app (they belong to the transfer feature). */
  tools?: ReactNode;
}

/** SPEC section 2, Data: Export and Import, and the Data Overview counts. */
export function DataTab({ tools }: DataTabProps) {
  const settings = useGetSettingsQuery();
  const { data, isLoading, isError } = settings;
  return (
    <Box sx={{ display: 'grid', gap: 4 }}>
      {tools && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {tools}
        </Box>
      )}
      <SettingsSection title="Data Overview" description="What your vault holds right now.">
        {isError ? (
          <SettingsLoadFailure query={settings} />
        ) : (
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
            }}
          >
            {COUNTS.map(({ key, label }) => (
              <Box
                key={key}
                sx={{
                  p: 2,
                  borderRadius: 2,
                  border: 1,
                  borderColor: 'divider',
                  bgcolor: 'action.hover',
                  ...countBoxSx,
                }}
              >
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  {label}
                </Typography>
                <Typography
                  component="dd"
                  variant="h5"
                  sx={{ m: 0, fontWeight: 700, fontSize: countFontSize('1.5rem') }}
                >
                  {isLoading ? <Skeleton width={40} /> : formatCount(data?.[key])}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </SettingsSection>
    </Box>
  );
}
