import Box from '@mui/material/Box';
import { Outlet } from 'react-router-dom';
import { useFocusMainAfterNavigation } from './useFocusMainAfterNavigation';

/** The main area of the public screens (landing and the signed-out forms). */
export function PublicLayout() {
  const main = useFocusMainAfterNavigation<HTMLElement>();
  return (
    <Box component="main" ref={main} id="main-content" tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
      <Outlet />
    </Box>
  );
}
