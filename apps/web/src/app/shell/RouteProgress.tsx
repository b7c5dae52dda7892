import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import LinearProgress from '@mui/material/LinearProgress';

function ProgressBar({ label }: { label: string }) {
  return (
    <LinearProgress
      aria-label={label}
      sx={{ position: 'fixed', top: 0, insetInline: 0, zIndex: 1600, height: 3 }}
    />
  );
}

/** Shown while the router is navigating (loaders, redirects). */
export function RouteProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return navigation.state === 'idle' ? null : <ProgressBar label={t('loading')} />;
}

/** Suspense fallback while a lazy page (or its translations) loads. */
export function PageLoading() {
  const { t, ready } = useTranslation(undefined, { useSuspense: false });
  return <ProgressBar label={ready ? t('loading') : 'Loading…'} />;
}
