import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError, isRouteErrorResponse } from 'react-router';
import Box from '@mui/material/Box';
import { GeneralErrorContent } from './GeneralErrorContent';
import { MAIN_CONTENT_ID } from './SkipLink';
import { NotFoundContent } from './NotFoundContent';

function ErrorScreen({ children }: { children: ReactNode }) {
  return (
    <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ outline: 'none' }}>
      <Suspense fallback={null}>{children}</Suspense>
    </Box>
  );
}

interface ErrorBoundaryState {
  error: unknown;
}

/** Last line of defence around the whole app: renders the general error page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unhandled error', error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <ErrorScreen>
          <GeneralErrorContent />
        </ErrorScreen>
      );
    }
    return this.props.children;
  }
}

/** The router's `errorElement`: errors thrown while rendering or loading a route. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorScreen>
        <NotFoundContent />
      </ErrorScreen>
    );
  }
  console.error('Route error', error);
  return (
    <ErrorScreen>
      <GeneralErrorContent />
    </ErrorScreen>
  );
}
