import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import { OpportunityPaymentsDocument, type PaymentsSortField } from '../../../gql/graphql';
import { useSnackbar } from '../../../lib/snackbar';
import { Section } from '../public/Section';
import { ListPager } from './ListPager';
import { PaymentsCsvButton } from './PaymentsCsvButton';
import { PaymentsFilterBar, SortControl } from './PaymentsFilterBar';
import { PaymentCards, PaymentsTable, type PaymentRow } from './PaymentsTable';
import { RefundDialog } from './RefundDialog';
import {
  DEFAULT_PAYMENTS_VIEW,
  filterView,
  isFiltered,
  paymentsVariables,
  sortView,
  type PaymentsView,
} from './payments-view';

function Empty({ filtered, onReset }: { filtered: boolean; onReset: () => void }) {
  const { t } = useTranslation('pages');
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 3 }}>
      {filtered ? (
        <SearchOffOutlinedIcon color="disabled" sx={{ fontSize: 40 }} aria-hidden />
      ) : (
        <PaymentsOutlinedIcon color="disabled" sx={{ fontSize: 40 }} aria-hidden />
      )}
      <Box>
        <Typography sx={{ fontWeight: 500 }}>
          {filtered ? t('opportunities.payments.noMatch') : t('opportunities.payments.empty')}
        </Typography>
        {filtered ? (
          <Button onClick={onReset} sx={{ mt: 0.5, ms: -1 }}>
            {t('opportunities.payments.filters.reset')}
          </Button>
        ) : (
          <Typography color="text.secondary">{t('opportunities.payments.emptyHint')}</Typography>
        )}
      </Box>
    </Box>
  );
}

/**
 * The opportunity's payments, ten a page: searched, filtered and sorted on the server, as a table
 * on a wide screen and as cards on a phone, each card payment refundable from its row.
 */
export function PaymentsSection({ slug }: { slug: string }) {
  const { t } = useTranslation('pages');
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'));
  const [view, setView] = useState<PaymentsView>(DEFAULT_PAYMENTS_VIEW);
  const [refunding, setRefunding] = useState<PaymentRow | null>(null);
  const snackbar = useSnackbar();
  const query = useQuery(OpportunityPaymentsDocument, {
    variables: paymentsVariables(slug, view),
    fetchPolicy: 'cache-and-network',
  });
  const page = query.data?.opportunityPayments;
  // While another page or filter loads, the rows shown are the last ones: Apollo keeps them.
  const rows = page?.data ?? null;

  const filter = useCallback(
    (patch: Partial<Pick<PaymentsView, 'q' | 'status' | 'refunded'>>) =>
      setView((current) => filterView(current, patch)),
    [],
  );
  const reset = useCallback(() => setView(DEFAULT_PAYMENTS_VIEW), []);
  const sortBy = (field: PaymentsSortField) => setView((current) => sortView(current, field));
  const sortTo = (field: PaymentsSortField, asc: boolean) =>
    setView((current) => ({ ...current, sort: field, asc, page: 1 }));

  let body: ReactNode;
  if (query.error && !page) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (page?.data.length === 0) {
    body = <Empty filtered={isFiltered(view)} onReset={reset} />;
  } else if (!page && !wide) {
    body = <LoadingBlock label={t('opportunities.payments.loading')} />;
  } else {
    // A wide screen shows the table's rows of placeholders while the first page loads.
    body = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {wide ? (
          <PaymentsTable rows={rows} view={view} onSort={sortBy} onRefund={setRefunding} />
        ) : (
          <>
            <SortControl view={view} onSort={sortTo} />
            <PaymentCards rows={rows} onRefund={setRefunding} />
          </>
        )}
        {page ? (
          <ListPager
            info={page.paginatorInfo}
            page={view.page}
            label={t('opportunities.payments.pager.paymentPages')}
            counted={(count) => t('opportunities.payments.count', { count })}
            onPage={(next) => setView((current) => ({ ...current, page: next }))}
          />
        ) : null}
      </Box>
    );
  }

  return (
    <Section
      title={t('opportunities.payments.title')}
      aside={<PaymentsCsvButton slug={slug} view={view} />}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <PaymentsFilterBar view={view} onChange={filter} onReset={reset} />
        {body}
      </Box>
      {refunding ? (
        <RefundDialog
          key={refunding.payment_id}
          row={refunding}
          onClose={() => setRefunding(null)}
          onRefunded={(amount) => {
            snackbar.success(
              t('opportunities.payments.refund.done', { amount, name: refunding.name }),
            );
            setRefunding(null);
          }}
        />
      ) : null}
    </Section>
  );
}
