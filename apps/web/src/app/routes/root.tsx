import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Outlet, ScrollRestoration } from 'react-router';
import { LoadingBar } from '@/components/ui/loading-bar';

/** The global layout (seed §2): the navigation loading bar and the page outlet. */
export function RootLayout() {
  return (
    <>
      <LoadingBar />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first route's code and data load. */
export function AppLoading() {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', bgcolor: 'background.default' }}>
      <CircularProgress aria-label="Loading Tandem" />
    </Box>
  );
}
