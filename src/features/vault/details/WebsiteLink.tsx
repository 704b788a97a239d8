import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { visuallyHiddenSx } from '../../../shared/ui/visuallyHidden';
import { websiteHref } from '../websiteHref';

/**
 * An entry's website as it was saved: a link that opens in a new tab when it is an http(s) address (or a
 * bare host, opened over https), plain text otherwise (a 'javascript:' value is never an href).
 */
export function WebsiteLink({ website }: { website: string }) {
  const href = websiteHref(website);
  if (!href) return <>{website}</>;
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
      {website}
      <OpenInNewIcon aria-hidden fontSize="inherit" sx={{ ml: 0.5, verticalAlign: '-0.125em' }} />
      <Box component="span" sx={visuallyHiddenSx}>
        {' (opens in a new tab)'}
      </Box>
    </Link>
  );
}
