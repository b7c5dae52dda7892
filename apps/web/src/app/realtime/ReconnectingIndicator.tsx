import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import SyncIcon from '@mui/icons-material/Sync';
import { visuallyHidden } from '../shell/visuallyHidden';
import type { RealtimeClient } from './realtime-client';
import { useNetworkStatus } from './use-realtime';

/**
 * A quiet sign in the app bar while the realtime channel reconnects after having been up, and
 * "offline" once the attempts ran out (until the browser is back online or the tab is shown
 * again). The live region is always there, so screen readers announce the text when it appears;
 * on a phone only the icon shows (the text stays for screen readers). No animation: it may last
 * a while.
 */
export function ReconnectingIndicator({ client }: { client?: RealtimeClient }) {
  const { t } = useTranslation();
  const { reconnecting, offline } = useNetworkStatus(client);
  const sign = reconnecting
    ? { Icon: SyncIcon, text: t('realtime.reconnecting') }
    : offline
      ? { Icon: CloudOffIcon, text: t('realtime.offline') }
      : null;
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexShrink: 0, opacity: 0.85 }}
    >
      {sign ? (
        <>
          <sign.Icon fontSize="small" aria-hidden />
          <Box
            component="span"
            sx={(theme) => ({
              typography: 'caption',
              [theme.breakpoints.down('sm')]: visuallyHidden,
            })}
          >
            {sign.text}
          </Box>
        </>
      ) : null}
    </Box>
  );
}
