import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { MAIN_CONTENT_ID } from '../shell/SkipLink';
import { PageLoading } from '../shell/RouteProgress';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';

/** The visitor's frame; `children` replace the route's outlet when a layout wraps it further. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <PublicHeader />
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flex: 1, outline: 'none', scrollMarginTop: 64 }}
      >
        <Suspense fallback={<PageLoading />}>{children ?? <Outlet />}</Suspense>
      </Box>
      <PublicFooter />
    </Box>
  );
}
