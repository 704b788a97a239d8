import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface SettingsSectionProps {
  title: string;
  description?: ReactNode;
  /** Shown beside the title on wide screens, below it on narrow ones (a status chip, a button). */
  aside?: ReactNode;
  children?: ReactNode;
}

/** One titled block of a settings tab, announced as a region named by its heading. */
export function SettingsSection({ title, description, aside, children }: SettingsSectionProps) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={`${id}-title`} sx={{ display: 'grid', gap: 2 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1.5,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Box sx={{ minWidth: 0, flex: '1 1 260px' }}>
          <Typography id={`${id}-title`} component="h2" variant="h6" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {description}
            </Typography>
          )}
        </Box>
        {aside}
      </Box>
      {children}
    </Box>
  );
}
