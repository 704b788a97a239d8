import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

interface AuthCardProps {
  icon: ReactNode;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  maxWidth?: number;
}

/** The centred card every signed-out form sits in; its title is the page's heading and document title. */
export function AuthCard({ icon, title, subtitle, children, footer, maxWidth = 460 }: AuthCardProps) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', px: { xs: 1.5, sm: 2 }, py: { xs: 3, sm: 6 } }}>
      <title>{`${title} · PassVault`}</title>
      <Card sx={{ width: '100%', maxWidth, boxShadow: { sm: 3 } }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 }, '&:last-child': { pb: { xs: 2.5, sm: 4 } } }}>
          <Box sx={{ textAlign: 'center', mb: 3 }}>
            <Avatar
              aria-hidden
              sx={{
                mx: 'auto',
                mb: 1.5,
                width: 52,
                height: 52,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
              }}
            >
              {icon}
            </Avatar>
            <Typography variant="h5" component="h1">
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1, overflowWrap: 'anywhere' }}>
                {subtitle}
              </Typography>
            )}
          </Box>
          {children}
        </CardContent>
        {footer && (
          <Box
            sx={{
              borderTop: 1,
              borderColor: 'divider',
              px: 3,
              py: 2,
              textAlign: 'center',
              typography: 'body2',
            }}
          >
            {footer}
          </Box>
        )}
      </Card>
    </Box>
  );
}
