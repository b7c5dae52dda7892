import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { loginPathFor, useSession } from '../../../app/session';
import {
  MyApplicationSummaryDocument,
  type MyApplicationSummaryQuery,
  type OpportunityFieldsFragment,
} from '../../../gql/graphql';
import { isAwaitingPayment, isOpenDraft } from '../../applications/application-state';
import {
  ApplicationStatusChip,
  AwaitingPaymentChip,
} from '../../applications/components/ApplicationStatusChip';
import { applyStateOf, applyStateText, type ApplyState } from './apply-state';
import { Section } from './Section';

type MyApplication = NonNullable<MyApplicationSummaryQuery['myApplication']>;

/** Someone who applied already: on with the draft while applications are taken, else to the record. */
function MyApplicationLink({
  application,
  opportunity,
  state,
}: {
  application: MyApplication;
  opportunity: OpportunityFieldsFragment;
  state: ApplyState;
}) {
  const { t } = useTranslation('pages');
  const continuing = isOpenDraft(application) && state.kind === 'open';
  return (
    <>
      <Button
        component={RouterLink}
        to={
          continuing ? `/opportunity/${opportunity.slug}/apply` : `/application/${application.id}`
        }
        variant="contained"
        size="large"
        fullWidth
      >
        {continuing
          ? t('applications.onOpportunity.continue')
          : t('applications.onOpportunity.view')}
      </Button>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 1.5 }}>
        <ApplicationStatusChip status={application.status} />
        {isAwaitingPayment(application) ? <AwaitingPaymentChip /> : null}
        <Typography variant="body2" color="text.secondary">
          {t('applications.onOpportunity.code', { code: application.code })}
        </Typography>
      </Box>
      {state.kind !== 'open' ? (
        <Typography variant="body2" sx={{ mt: 1.5 }}>
          {applyStateText(state, opportunity, t)}
        </Typography>
      ) : null}
    </>
  );
}

/**
 * The way in: an Apply button while applications are taken, otherwise why they are not; someone
 * who has applied goes on with their application instead.
 */
export function ApplySection({ opportunity }: { opportunity: OpportunityFieldsFragment }) {
  const { t } = useTranslation('pages');
  const { status } = useSession();
  const state = applyStateOf(opportunity);
  const page = `/opportunity/${opportunity.slug}`;
  const anonymous = status === 'anonymous';
  const mine = useQuery(MyApplicationSummaryDocument, {
    variables: { opportunity: opportunity.id },
    skip: status !== 'authenticated' || state.kind === 'team',
    fetchPolicy: 'cache-and-network',
  });
  const application = mine.data?.myApplication ?? null;

  let body;
  if (application) {
    body = <MyApplicationLink application={application} opportunity={opportunity} state={state} />;
  } else if (state.kind === 'open') {
    // Visitors log in first and come back here (the login page follows `next`).
    body = (
      <>
        <Button
          component={RouterLink}
          to={anonymous ? loginPathFor(page, '') : `${page}/apply`}
          variant="contained"
          size="large"
          fullWidth
        >
          {t('opportunities.public.apply.button')}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {anonymous
            ? t('opportunities.public.apply.loginFirst')
            : opportunity.approval_type === 'AUTO'
              ? t('opportunities.public.apply.auto')
              : t('opportunities.public.apply.review')}
        </Typography>
      </>
    );
  } else {
    body = <Typography>{applyStateText(state, opportunity, t)}</Typography>;
  }

  return <Section title={t('opportunities.public.apply.title')}>{body}</Section>;
}
