import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface DetailRowProps {
  /** What the value is ('Password', a custom field's name): the row's <dt>. */
  label: string;
  /** The value, or what stands for it (bullets, a link); nothing shows a dash. */
  children?: ReactNode;
  /** Buttons at the end of the value's line (copy, show). */
  actions?: ReactNode;
  monospace?: boolean;
  /** Keep the value's own line breaks (notes). */
  preWrap?: boolean;
  /** The value people read off and type elsewhere (a one-time code): bolder. */
  strong?: boolean;
}

/**
 * One label and its value in the detail panel's <dl>: the label above, the value below it, wrapped rather
 * than cut (a long address or username is read in full), its buttons at the end of the line.
 */
export function DetailRow({ label, children, actions, monospace, preWrap, strong }: DetailRowProps) {
  const empty = children === undefined || children === null || children === '';
  return (
    <Box sx={{ py: 0.75, minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Box
        component="dd"
        sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, minHeight: 34 }}
      >
        <Typography
          component="div"
          variant="body2"
          color={empty ? 'text.secondary' : 'text.primary'}
          sx={{
            display: 'block',
            flexGrow: 1,
            minWidth: 0,
            overflowWrap: 'anywhere',
            whiteSpace: preWrap ? 'pre-wrap' : undefined,
            fontFamily: monospace ? 'monospace' : undefined,
            letterSpacing: monospace ? 1 : undefined,
            fontWeight: strong ? 600 : undefined,
          }}
        >
          {empty ? '—' : children}
        </Typography>
        {actions && <Box sx={{ display: 'flex', alignItems: 'center', flexShrink: 0 }}>{actions}</Box>}
      </Box>
    </Box>
  );
}

export interface DetailSectionProps {
  /** A heading the screen reader can jump to. */
  title?: string;
  /** The rows: the section's <dl>. */
  children: ReactNode;
  /** What follows the rows (a button), outside the list. */
  footer?: ReactNode;
}

/** A group of rows, with a line below it. */
export function DetailSection({ title, children, footer }: DetailSectionProps) {
  return (
    <Box component="section" sx={{ px: 2.5, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      {title && (
        <Typography component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
          {title}
        </Typography>
      )}
      <Box component="dl" sx={{ m: 0 }}>
        {children}
      </Box>
      {footer}
    </Box>
  );
}
