import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import { EmptyState } from '../../../components/EmptyState';
import {
  DueList,
  OnboardingButton,
  PaymentAccountGate,
  PaymentsForbidden,
  useAccountToOnboard,
} from '../components/PaymentAccountParts';
import type { Organisation } from '../components/OrganisationGate';
import { isForbidden, isRejected, needsOnboarding, PAYMENTS } from '../payment-account';

const UPDATE = 'app.organisations.paymentUpdate';

function NothingDue({ organisation, rejected }: { organisation: Organisation; rejected: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="nothing-due" sx={{ p: 3 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <CheckCircleOutlinedIcon color={rejected ? 'disabled' : 'success'} aria-hidden />
        <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
          <Typography id="nothing-due" variant="h6" component="h2">
            {t(`${UPDATE}.nothingDue`)}
          </Typography>
          <Typography color="text.secondary">
            {rejected ? t(`${UPDATE}.rejectedHint`) : t(`${UPDATE}.nothingDueHint`)}
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

function Update({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation();
  const { account, onboarding, pending } = useAccountToOnboard(organisation, [160, 48]);
  if (pending) return pending;
  if (!account) {
    return (
      <EmptyState
        icon={<AccountBalanceOutlinedIcon fontSize="inherit" aria-hidden />}
        message={t(`${UPDATE}.empty`)}
        hint={t(`${PAYMENTS}.emptyHint`)}
        action={{
          label: t('app.organisations.paymentConnect.button'),
          to: `/organisation/${organisation.slug}/payment/connect`,
        }}
      />
    );
  }
  if (isForbidden(onboarding.error)) return <PaymentsForbidden organisation={organisation} />;
  if (onboarding.step?.is_done || !needsOnboarding(account)) {
    return (
      <NothingDue organisation={organisation} rejected={isRejected(account.disabled_reason)} />
    );
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="update-title"
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}
    >
      <Typography id="update-title" variant="h6" component="h2">
        {t(`${UPDATE}.dueTitle`)}
      </Typography>
      {account.requirements_due.length > 0 ? (
        <DueList codes={account.requirements_due} labelledBy="update-title" />
      ) : (
        <Typography>{t(`${UPDATE}.dueUnlisted`)}</Typography>
      )}
      <Typography color="text.secondary">{t(`${UPDATE}.processorNote`)}</Typography>
      <OnboardingButton label={t(`${UPDATE}.button`)} onboarding={onboarding} />
    </Paper>
  );
}

/**
 * /organisation/{slug}/payment/update: what the processor still needs of an existing account,
 * and the way back to its onboarding to give it.
 */
export function OrganisationPaymentUpdatePage() {
  const { t } = useTranslation();
  return (
    <PaymentAccountGate title={t(`${UPDATE}.title`)}>
      {(organisation) => <Update organisation={organisation} />}
    </PaymentAccountGate>
  );
}
