import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visuallyHiddenSx } from '../../shared/ui/visuallyHidden';

export interface CardFieldProps {
  icon: ReactNode;
  /** Read by screen readers before the value; the icon says it to the eye. */
  label: string;
  value: string | undefined;
  monospace?: boolean;
  /** Show the label before the value (a custom field's name), not only to screen readers. */
  showLabel?: boolean;
  /** The value people read off the card and type elsewhere (a one-time code): bolder. */
  strong?: boolean;
  /** Buttons at the end of the row. */
  children?: ReactNode;
}

/** One line of a card: icon, value (ellipsised, full text in the tooltip), buttons. */
export function CardField({
  icon,
  label,
  value,
  monospace = false,
  showLabel = false,
  strong = false,
  children,
}: CardFieldProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 36, minWidth: 0 }}>
      <Box aria-hidden sx={{ display: 'flex', color: 'text.secondary', flexShrink: 0 }}>
        {icon}
      </Box>
      <Typography
        variant="body2"
        noWrap
        title={monospace || !value ? undefined : showLabel ? `${label}: ${value}` : value}
        color={value ? 'text.primary' : 'text.disabled'}
        sx={{
          flexGrow: 1,
          minWidth: 0,
          fontFamily: monospace ? 'monospace' : undefined,
          letterSpacing: monospace ? 1 : undefined,
          fontWeight: strong ? 600 : undefined,
        }}
      >
        {showLabel ? (
          <Box
            component="span"
            sx={(theme) => ({
              color: 'text.secondary',
              fontFamily: theme.typography.fontFamily,
              fontWeight: 'normal',
              letterSpacing: 'normal',
            })}
          >
            {label}
            <Box component="span" sx={visuallyHiddenSx}>
              :
            </Box>{' '}
          </Box>
        ) : (
          <Box component="span" sx={visuallyHiddenSx}>
            {`${label}: `}
          </Box>
        )}
        {value || '—'}
      </Typography>
      <Box sx={{ display: 'flex', flexShrink: 0 }}>{children}</Box>
    </Box>
  );
}
