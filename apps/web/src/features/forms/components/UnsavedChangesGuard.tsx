import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '../../organisations/components/ConfirmDialog';

/**
 * While `when` holds, asks before the page is left with its form changes unsaved: in the app (a
 * dialog) and when the tab is closed or reloaded (the browser's own question). Moving within the
 * page (another step, `?step=`) keeps the changes, so only a new path asks.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const { t } = useTranslation('pages');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  // The changes were saved while the question was open: nothing is lost by going on.
  useEffect(() => {
    if (blocker.state === 'blocked' && !when) blocker.proceed();
  }, [blocker, when]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t('forms.page.leave.title')}
      confirmLabel={t('forms.page.leave.confirm')}
      destructive
      onCancel={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    >
      <Typography>{t('forms.page.leave.body')}</Typography>
    </ConfirmDialog>
  );
}
