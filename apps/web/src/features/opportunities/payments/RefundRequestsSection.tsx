import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@encore/core';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import {
  OpportunityRefundRequestsDocument,
  type OpportunityRefundRequestFieldsFragment,
} from '../../../gql/graphql';
import { formatDate } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';
import { Section } from '../public/Section';
import { DecideRefundDialog, applicantOf, type Decision } from './DecideRefundDialog';
import { ListPager } from './ListPager';
import { RefundStatusChip } from './PaymentChips';

type RefundRequest = OpportunityRefundRequestFieldsFragment;

interface Deciding {
  request: RefundRequest;
  decision: Decision;
}

function RequestItem({
  request,
  onDecide,
}: {
  request: RefundRequest;
  onDecide: (deciding: Deciding) => void;
}) {
  const { t } = useTranslation('pages');
  const name = applicantOf(request);
  // Short values sit beside their names; what people wrote gets the card's whole width.
  const item = (label: string, value: ReactNode, wide = false) => (
    <>
      <Box
        component="dt"
        sx={{
          color: 'text.secondary',
          gridColumn: wide ? '1 / -1' : undefined,
          mt: wide ? 0.5 : 0,
        }}
      >
        {label}
      </Box>
      <Box
        component="dd"
        dir={wide ? 'auto' : undefined}
        sx={{
          m: 0,
          minWidth: 0,
          overflowWrap: 'anywhere',
          whiteSpace: wide ? 'pre-line' : undefined,
          gridColumn: wide ? '1 / -1' : undefined,
        }}
      >
        {value}
      </Box>
    </>
  );
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'start' }}>
        <Typography component="p" variant="subtitle1" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        <RefundStatusChip status={request.status} />
      </Box>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'auto minmax(0, 1fr)',
          columnGap: 2,
          rowGap: 0.5,
        }}
      >
        {item(
          t('opportunities.payments.requests.reason'),
          t(`opportunities.payments.requests.reasons.${request.reason}`),
        )}
        {item(t('opportunities.payments.requests.amount'), request.amount.formatted)}
        {item(t('opportunities.payments.requests.date'), formatDate(request.created_at))}
        {request.message
          ? item(
              t('opportunities.payments.requests.message'),
              <Box component="q">{request.message}</Box>,
              true,
            )
          : null}
        {request.decision_note
          ? item(t('opportunities.payments.requests.decisionNote'), request.decision_note, true)
          : null}
        {request.failure_reason
          ? item(t('opportunities.payments.requests.failure'), request.failure_reason, true)
          : null}
      </Box>
      {request.can_decide ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
          <Button
            onClick={() => onDecide({ request, decision: 'decline' })}
            aria-label={t('opportunities.payments.requests.declineOf', { name })}
          >
            {t('opportunities.payments.requests.decline')}
          </Button>
          <Button
            variant="contained"
            onClick={() => onDecide({ request, decision: 'approve' })}
            aria-label={t('opportunities.payments.requests.approveOf', { name })}
          >
            {t('opportunities.payments.requests.approve')}
          </Button>
        </Box>
      ) : null}
    </Paper>
  );
}

/** Applicants' requests for their money back, ten a page, each open one approved or declined here. */
export function RefundRequestsSection({ slug }: { slug: string }) {
  const { t } = useTranslation('pages');
  const snackbar = useSnackbar();
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const query = useQuery(OpportunityRefundRequestsDocument, {
    variables: { slug, first: PAGE_SIZES.refundRequests, page },
    fetchPolicy: 'cache-and-network',
  });
  const list = query.data?.opportunityRefundRequests;

  let body: ReactNode;
  if (query.error && !list) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!list) {
    body = <LoadingBlock label={t('opportunities.payments.requests.loading')} />;
  } else if (list.data.length === 0) {
    body = (
      <Typography color="text.secondary">{t('opportunities.payments.requests.empty')}</Typography>
    );
  } else {
    body = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Box
          component="ul"
          aria-label={t('opportunities.payments.requests.title')}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { md: 'repeat(2, minmax(0, 1fr))' },
            alignItems: 'start',
          }}
        >
          {list.data.map((request) => (
            <RequestItem key={request.id} request={request} onDecide={setDeciding} />
          ))}
        </Box>
        <ListPager
          info={list.paginatorInfo}
          page={page}
          label={t('opportunities.payments.pager.requestPages')}
          counted={(count) => t('opportunities.payments.requests.count', { count })}
          onPage={setPage}
        />
      </Box>
    );
  }

  return (
    <Section title={t('opportunities.payments.requests.title')}>
      {body}
      {deciding ? (
        <DecideRefundDialog
          key={`${deciding.request.id}-${deciding.decision}`}
          request={deciding.request}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
          onDecided={(decision) => {
            snackbar.success(
              t(`opportunities.payments.requests.${decision}d`, {
                name: applicantOf(deciding.request),
              }),
            );
            setDeciding(null);
          }}
        />
      ) : null}
    </Section>
  );
}
