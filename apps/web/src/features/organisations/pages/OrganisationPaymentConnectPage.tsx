import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import PercentOutlinedIcon from '@mui/icons-material/PercentOutlined';
import {
  OnboardingButton,
  PaymentAccountGate,
  PaymentsForbidden,
  useAccountToOnboard,
} from '../components/PaymentAccountParts';
import type { Organisation } from '../components/OrganisationGate';
import { accountState, isForbidden, needsOnboarding, PAYMENTS } from '../payment-account';

const CONNECT = 'app.organisations.paymentConnect';

/** The account is there and nothing is to be given: the way to its page. */
function Connected({ organisation, ready }: { organisation: Organisation; ready: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="connected-title" sx={{ p: 3 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <CheckCircleOutlinedIcon color="success" aria-hidden sx={{ mt: 0.25 }} />
        <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
          <Typography id="connected-title" variant="h6" component="h2">
            {t(`${CONNECT}.connected`)}
          </Typography>
          <Typography color="text.secondary">
            {ready
              ? t(`${CONNECT}.connectedHint`, { name: organisation.name })
              : t(`${CONNECT}.connectedSeeAccount`)}
          </Typography>
        </Box>
      </Box>
      <Button
        variant="contained"
        component={RouterLink}
        to={`/organisation/${organisation.slug}/payment/account`}
        sx={{ mt: 2 }}
      >
        {t(`${PAYMENTS}.viewAccount`)}
      </Button>
    </Paper>
  );
}

/** What connecting does, one point a line. */
function HowItWorks() {
  const { t } = useTranslation();
  const points = [
    { key: 'cards', icon: <CreditCardOutlinedIcon color="primary" aria-hidden /> },
    { key: 'payouts', icon: <AccountBalanceOutlinedIcon color="primary" aria-hidden /> },
    { key: 'fee', icon: <PercentOutlinedIcon color="primary" aria-hidden /> },
  ];
  return (
    <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 2 }}>
      {points.map((point) => (
        <Box
          component="li"
          key={point.key}
          sx={{ listStyle: 'none', display: 'flex', gap: 1.5, alignItems: 'flex-start' }}
        >
          {point.icon}
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h3" sx={{ fontWeight: 600 }}>
              {t(`${CONNECT}.points.${point.key}.title`)}
            </Typography>
            <Typography color="text.secondary">
              {t(`${CONNECT}.points.${point.key}.text`)}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function Connect({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation();
  const { account, onboarding, pending } = useAccountToOnboard(organisation, [220, 48]);
  if (pending) return pending;
  if (isForbidden(onboarding.error)) return <PaymentsForbidden organisation={organisation} />;
  if (onboarding.step?.is_done || (account && !needsOnboarding(account))) {
    const ready =
      onboarding.step?.is_done === true || (!!account && accountState(account) === 'ready');
    return <Connected organisation={organisation} ready={ready} />;
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="connect-title"
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 3 }}
    >
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Typography id="connect-title" variant="h6" component="h2">
          {account
            ? t(`${CONNECT}.continueTitle`)
            : t(`${CONNECT}.intro`, { name: organisation.name })}
        </Typography>
        <Typography color="text.secondary">
          {account ? t(`${CONNECT}.continueText`) : t(`${CONNECT}.introText`)}
        </Typography>
      </Box>
      <HowItWorks />
      <Alert severity="info" variant="outlined" role="note">
        {t(`${CONNECT}.processorNote`)}
      </Alert>
      <OnboardingButton
        label={account ? t(`${PAYMENTS}.finishSetup`) : t(`${CONNECT}.button`)}
        onboarding={onboarding}
      />
    </Paper>
  );
}

/**
 * /organisation/{slug}/payment/connect: what a payout account is for, and the way to the
 * processor's onboarding (the account is made there on the first click).
 */
export function OrganisationPaymentConnectPage() {
  const { t } = useTranslation();
  return (
    <PaymentAccountGate title={t(`${CONNECT}.title`)}>
      {(organisation) => <Connect organisation={organisation} />}
    </PaymentAccountGate>
  );
}
