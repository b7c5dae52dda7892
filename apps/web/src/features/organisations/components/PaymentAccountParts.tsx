import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApolloClient, useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { EmptyState } from '../../../components/EmptyState';
import {
  OrganisationAccountLinkDocument,
  OrganisationPaymentAccountDocument,
  type OrganisationAccountLinkQuery,
} from '../../../gql/graphql';
import { describeGraphQLError } from '../../../lib/graphql-errors';
import { currentLocale } from '../../../lib/i18n';
import { dueItems, isForbidden, PAYMENTS, processorRedirect } from '../payment-account';
import { OrganisationGate, type Organisation } from './OrganisationGate';

export type ConnectStep = OrganisationAccountLinkQuery['updateAccountLink'];

/**
 * A payout account page: the organisation of the address, and the page itself only for those
 * who manage its payments (owners and admins); everyone else is told so.
 */
export function PaymentAccountGate({
  title,
  children,
}: {
  title: string;
  children: (organisation: Organisation) => ReactNode;
}) {
  return (
    <OrganisationGate page={title}>
      {(organisation) =>
        organisation.viewerCan.manage_payments ? (
          children(organisation)
        ) : (
          <PaymentsForbidden organisation={organisation} />
        )
      }
    </OrganisationGate>
  );
}

/** Only owners and admins manage an organisation's payments. */
export function PaymentsForbidden({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation();
  const base = `/organisation/${organisation.slug}`;
  return (
    <EmptyState
      icon={<LockOutlinedIcon fontSize="inherit" aria-hidden />}
      message={t(`${PAYMENTS}.forbidden.message`)}
      hint={t(`${PAYMENTS}.forbidden.hint`, { name: organisation.name })}
      action={
        organisation.viewerCan.view_team
          ? { label: t('app.organisations.backToDashboard'), to: `${base}/dashboard` }
          : { label: organisation.name, to: base }
      }
    />
  );
}

/** An operation's error in words, the refusal of a non-manager included. */
export function paymentErrorText(error: unknown, t: (key: string) => string): string {
  if (isForbidden(error)) return t(`${PAYMENTS}.forbidden.message`);
  return describeGraphQLError(error, t);
}

/** A failed load with its retry; a refusal is the forbidden state instead. */
export function PaymentLoadError({
  organisation,
  error,
  onRetry,
}: {
  organisation: Organisation;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (isForbidden(error)) return <PaymentsForbidden organisation={organisation} />;
  return (
    <Alert
      severity="error"
      sx={{ whiteSpace: 'pre-line' }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('errors.general.retry')}
        </Button>
      }
    >
      {paymentErrorText(error, (key) => t(key))}
    </Alert>
  );
}

/** One titled part of a payout account page: a region named by its heading. */
export function PaymentSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, alignContent: 'start', minWidth: 0 }}
    >
      <Typography id={id} variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A part of the page that could not be loaded, with its retry. */
export function PaymentPartError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      sx={{ whiteSpace: 'pre-line' }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('errors.general.retry')}
        </Button>
      }
    >
      {paymentErrorText(error, (key) => t(key))}
    </Alert>
  );
}

/** The shape of a page still loading, announced once to screen readers. */
export function PaymentSkeleton({ blocks = [120, 96, 160] }: { blocks?: number[] }) {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', gap: 2 }}>
      {blocks.map((height, index) => (
        <Skeleton key={index} variant="rounded" height={height} aria-hidden />
      ))}
    </Box>
  );
}

/** What the processor still needs, one sentence a thing to do. */
export function DueList({ codes, labelledBy }: { codes: readonly string[]; labelledBy?: string }) {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-labelledby={labelledBy}
      sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}
    >
      {dueItems(codes).map((item) => (
        <Typography component="li" key={item.code ?? item.key}>
          {item.code ? (
            <>
              {t(`${PAYMENTS}.due.other`)} <Code>{item.code}</Code>
            </>
          ) : (
            t(`${PAYMENTS}.due.${item.key}`)
          )}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * A processor's code, an identifier or an address: left to right inside any sentence, broken
 * anywhere; in a fixed-width font unless `mono` is false.
 */
export function Code({ children, mono = true }: { children: ReactNode; mono?: boolean }) {
  return (
    <Box
      component="bdi"
      dir="ltr"
      sx={{
        ...(mono ? { fontFamily: 'monospace' } : {}),
        overflowWrap: 'anywhere',
        unicodeBidi: 'isolate',
      }}
    >
      {children}
    </Box>
  );
}

/**
 * What the connect and update pages start from: the account as stored, the way to the processor's
 * onboarding, and what to show instead while the account cannot be read yet (`pending`).
 */
export function useAccountToOnboard(organisation: Organisation, skeleton: number[]) {
  const query = useQuery(OrganisationPaymentAccountDocument, {
    variables: { organisation: organisation.id },
    fetchPolicy: 'cache-and-network',
  });
  const onboarding = useOnboarding(organisation.id);
  const pending =
    query.error && !query.data ? (
      <PaymentLoadError
        organisation={organisation}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    ) : !query.data ? (
      <PaymentSkeleton blocks={skeleton} />
    ) : null;
  return { account: query.data?.organisationAccount, onboarding, pending };
}

/** The processor's onboarding: asks for a fresh link (which makes the account the first time). */
export function useOnboarding(organisationId: string) {
  const client = useApolloClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [step, setStep] = useState<ConnectStep | null>(null);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await client.query({
        query: OrganisationAccountLinkDocument,
        variables: { organisation: organisationId },
        fetchPolicy: 'network-only',
      });
      const next = result.data?.updateAccountLink ?? null;
      if (next?.url) {
        // The page is left for the processor's: the button stays busy until it goes.
        processorRedirect.to(next.url);
        return;
      }
      setStep(next);
      if (!next?.is_done) setError(new Error('no onboarding link'));
      setBusy(false);
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  };

  return { start, busy, error, step };
}

/** The button to the processor's onboarding, with its busy state and its error. */
export function OnboardingButton({
  label,
  onboarding,
}: {
  label: string;
  onboarding: ReturnType<typeof useOnboarding>;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Button
        variant="contained"
        onClick={() => void onboarding.start()}
        loading={onboarding.busy}
        loadingPosition="start"
      >
        {onboarding.busy ? t(`${PAYMENTS}.opening`) : label}
      </Button>
      {onboarding.error ? (
        <Alert
          severity="error"
          role="alert"
          sx={{ whiteSpace: 'pre-line', justifySelf: 'stretch' }}
        >
          {paymentErrorText(onboarding.error, (key) => t(key))}
        </Alert>
      ) : null}
    </Box>
  );
}

function displayName(code: string, type: 'region' | 'currency'): string {
  try {
    return new Intl.DisplayNames([currentLocale()], { type, fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A country's name in the viewer's language. */
export const countryName = (code: string) => displayName(code.toUpperCase(), 'region');

/** A currency's name in the viewer's language, with its code. */
export function currencyLabel(code: string): string {
  const upper = code.toUpperCase();
  const name = displayName(upper, 'currency');
  return name === upper ? upper : `${name} (${upper})`;
}
