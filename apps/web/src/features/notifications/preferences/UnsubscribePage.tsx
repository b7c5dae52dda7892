import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useMutation } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Logo } from '../../../app/shell/Logo';
import { useDocumentTitle } from '../../../app/shell/useDocumentTitle';
import { UnsubscribeFromNotificationsDocument, type NotificationType } from '../../../gql/graphql';
import { validationMapOf } from '../../../lib/field-errors';
import { describeGraphQLError } from '../../../lib/graphql-errors';
import { kindLabelKey, NOTIFICATION_SETTINGS_PATH } from './notification-kinds';

type Outcome =
  | { state: 'ready' }
  | { state: 'done'; types: NotificationType[] }
  | { state: 'invalid' }
  | { state: 'failed'; error: unknown };

/**
 * /unsubscribe?token=…, the address at the foot of every notification email. Opening it changes
 * nothing (mail scanners follow links); the button does. A mail client's one-click POST to the
 * same address is answered by the server itself.
 */
export function UnsubscribePage() {
  const { t } = useTranslation('pages');
  const { t: tCommon } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [unsubscribe, { loading }] = useMutation(UnsubscribeFromNotificationsDocument, {
    context: { skipAuth: true },
  });
  const [outcome, setOutcome] = useState<Outcome>({ state: 'ready' });
  const title = t('unsubscribe.title');
  useDocumentTitle(title);

  const submit = async () => {
    try {
      const { data } = await unsubscribe({ variables: { token } });
      setOutcome({ state: 'done', types: data?.unsubscribeFromNotifications ?? [] });
    } catch (error) {
      setOutcome(validationMapOf(error).token ? { state: 'invalid' } : { state: 'failed', error });
    }
  };

  let body: ReactNode;
  if (!token) {
    body = (
      <OutcomeAlert severity="error" title={t('unsubscribe.missing.title')} focusOnShow={false}>
        {t('unsubscribe.missing.body')}
      </OutcomeAlert>
    );
  } else if (outcome.state === 'done') {
    body = <Unsubscribed types={outcome.types} />;
  } else if (outcome.state === 'invalid') {
    body = (
      <OutcomeAlert severity="error" title={t('unsubscribe.invalid.title')}>
        {t('unsubscribe.invalid.body')}
      </OutcomeAlert>
    );
  } else {
    body = (
      <>
        <Typography sx={{ mb: 1 }}>{t('unsubscribe.explain')}</Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('unsubscribe.stillInApp')}
        </Typography>
        {outcome.state === 'failed' ? (
          <OutcomeAlert severity="error" title={t('unsubscribe.failed')}>
            {describeGraphQLError(outcome.error, (key) => tCommon(key))}
          </OutcomeAlert>
        ) : null}
        <Button
          variant="contained"
          size="large"
          fullWidth
          disabled={loading}
          onClick={() => void submit()}
        >
          {loading ? t('unsubscribe.submitting') : t('unsubscribe.submit')}
        </Button>
      </>
    );
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
          <Logo width={72} height={48} />
        </Box>
        <Typography
          variant="h4"
          component="h1"
          align="center"
          gutterBottom
          sx={{ overflowWrap: 'anywhere' }}
        >
          {title}
        </Typography>
        {body}
      </Paper>
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to={NOTIFICATION_SETTINGS_PATH}>
          {t('unsubscribe.settingsLink')}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {t('unsubscribe.settingsHint')}
        </Typography>
      </Box>
    </Container>
  );
}

function Unsubscribed({ types }: { types: NotificationType[] }) {
  const { t } = useTranslation('pages');
  if (types.length === 0) {
    return (
      <OutcomeAlert severity="info" title={t('unsubscribe.done.title')}>
        {t('unsubscribe.done.nothingLeft')}
      </OutcomeAlert>
    );
  }
  return (
    <OutcomeAlert severity="success" title={t('unsubscribe.done.title')}>
      {t('unsubscribe.done.body', { count: types.length })}
      <Box component="ul" sx={{ my: 1, pl: 3 }}>
        {types.map((type) => (
          <li key={type}>{t(kindLabelKey(type))}</li>
        ))}
      </Box>
    </OutcomeAlert>
  );
}

/**
 * What the click did, or why the page cannot do it. After a click it takes the focus, so it is
 * both seen and read out where the button was.
 */
function OutcomeAlert({
  severity,
  title,
  focusOnShow = true,
  children,
}: {
  severity: 'success' | 'info' | 'error';
  title: string;
  focusOnShow?: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusOnShow) ref.current?.focus();
  }, [focusOnShow]);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      severity={severity}
      role={severity === 'error' ? 'alert' : 'status'}
      sx={{ mb: 3, whiteSpace: 'pre-line' }}
    >
      <AlertTitle>{title}</AlertTitle>
      {children}
    </Alert>
  );
}
