import Box from '@mui/material/Box';

/** A keyboard user's first Tab stop: jumps past the top bar to the page's main area. */
export function SkipLink() {
  return (
    <Box
      component="a"
      href="#main-content"
      onClick={(event: React.MouseEvent<HTMLAnchorElement>) => {
        event.preventDefault();
        document.getElementById('main-content')?.focus();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontWeight: 600,
        textDecoration: 'none',
        '&:focus': { top: 8 },
      }}
    >
      Skip to main content
    </Box>
  );
}
