import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { UNREACHABLE } from '../shared/api/errorText';

/**
 * The browsers' words (and Vite's, for a page's stylesheet) for a page's code that could not be
 * downloaded (offline, server gone).
 */
const CODE_NOT_LOADED =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Failed to fetch|Unable to preload CSS/i;

/** Whether the page failed because its code could not be downloaded: trying again may help. */
export function isCodeNotLoaded(error: unknown): boolean {
  return error instanceof Error && CODE_NOT_LOADED.test(error.message);
}

export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  // Never "TypeError: Failed to fetch dynamically imported module: https://...".
  if (isCodeNotLoaded(error)) return UNREACHABLE;
  if (error instanceof Error) return error.message;
  return 'Something went wrong while showing this page.';
}

/** SPEC section 8: a failing screen shows 'Unexpected Application Error!'. */
export function RouteError() {
  const error = useRouteError();
  return (
    <Box role="alert" sx={{ maxWidth: 560, mx: 'auto', my: 8, px: 3, textAlign: 'center' }}>
      <ErrorOutline sx={{ fontSize: 48, color: 'error.main', mb: 1 }} aria-hidden />
      <Typography variant="h5" component="h1" gutterBottom>
        Unexpected Application Error!
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3, overflowWrap: 'anywhere' }}>
        {describeRouteError(error)}
      </Typography>
      {isCodeNotLoaded(error) ? (
        // The page's code is fetched again by a load of the same address (once the network is back).
        <Button variant="contained" onClick={() => window.location.reload()}>
          Try again
        </Button>
      ) : (
        // A full page load: the error may have left the app in a state a client-side navigation would keep.
        <Button variant="contained" href={document.baseURI}>
          Back to the home page
        </Button>
      )}
    </Box>
  );
}

/** The root's error element: it has no layout around it, so it brings its own main landmark. */
export function RootRouteError() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', py: 2 }}>
      <RouteError />
    </Box>
  );
}
