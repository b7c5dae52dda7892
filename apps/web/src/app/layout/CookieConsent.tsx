import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { COOKIE_NAMES } from '@encore/core';
import { getCookie, setConsentCookie } from '../../lib/cookies';

/**
 * The cookie notice at the bottom of every page until the visitor accepts or declines; the
 * answer is kept in the `accepted` cookie (30 days) and the notice does not come back meanwhile.
 *
 * A compact bar in the document flow, last in the root shell, kept in view with `position: sticky`:
 * it takes its own room at the end of the page instead of lying over it, so the page's last
 * content, the footer, stays reachable, and a page's main action is never hidden under it.
 */
export function CookieConsent() {
  const { t } = useTranslation();
  const [answered, setAnswered] = useState(() => getCookie(COOKIE_NAMES.accepted) !== undefined);
  if (answered) return null;

  const answer = (accepted: boolean) => {
    setConsentCookie(accepted);
    setAnswered(true);
  };

  return (
    <Paper
      component="section"
      role="region"
      aria-label={t('cookies.label')}
      elevation={6}
      square
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: (theme) => theme.zIndex.snackbar - 1,
        px: { xs: 2, md: 4 },
        py: 1,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        columnGap: 2,
        rowGap: 1,
      }}
    >
      <Typography variant="body2" sx={{ flex: '1 1 240px' }}>
        <Trans
          i18nKey="cookies.message"
          components={{ privacyLink: <Link component={RouterLink} to="/privacy" /> }}
        />
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexShrink: 0, marginInlineStart: 'auto' }}>
        <Button size="small" variant="outlined" onClick={() => answer(false)}>
          {t('cookies.decline')}
        </Button>
        <Button size="small" variant="contained" onClick={() => answer(true)}>
          {t('cookies.accept')}
        </Button>
      </Box>
    </Paper>
  );
}
