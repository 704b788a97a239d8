import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { keepClearOfToasts } from './ToastPlacement';

export interface PageHeaderProps {
  /** The page's one h1. */
  title: string;
  subtitle: string;
  /** The page's main action, beside the title (below it when the window is narrow). */
  action?: ReactNode;
}

/** The heading of a signed-in page. Toasts appear below it, not over its action. */
export function PageHeader({ title, subtitle, action }: PageHeaderProps) {
  return (
    <Box
      ref={keepClearOfToasts}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'center',
        justifyContent: 'space-between',
      }}
    >
      <Box>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography color="text.secondary">{subtitle}</Typography>
      </Box>
      {action}
    </Box>
  );
}
