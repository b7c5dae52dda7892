import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import Container from '@mui/material/Container';
import { useSession } from '../session';
import { PageLoading } from '../shell/RouteProgress';
import { PublicLayout } from './PublicLayout';

export const loadAppLayout = () => import('./AppLayout');
const AppLayout = lazy(async () => ({ default: (await loadAppLayout()).AppLayout }));

/**
 * Pages anyone may browse (the search, an organisation's page): signed-in people keep their
 * app frame and sidebar, visitors get the public header with its sign-in and register buttons.
 */
export function BrowseLayout() {
  const { status } = useSession();
  if (status === 'authenticated') {
    return (
      <Suspense fallback={<PageLoading />}>
        <AppLayout />
      </Suspense>
    );
  }
  return (
    <PublicLayout>
      <Container sx={{ py: { xs: 2, md: 4 } }}>
        <Outlet />
      </Container>
    </PublicLayout>
  );
}
