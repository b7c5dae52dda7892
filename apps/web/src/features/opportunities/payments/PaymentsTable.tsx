import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REFUND_REQUEST_STATUSES, isOneOf } from '@encore/core';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../../app/shell/visuallyHidden';
import type { PaymentRowFieldsFragment, PaymentsSortField } from '../../../gql/graphql';
import { formatDate, formatNumber } from '../../../lib/format';
import { PaymentStatusChip, RefundStatusChip } from './PaymentChips';
import { firstDirection, type PaymentsView } from './payments-view';

export type PaymentRow = PaymentRowFieldsFragment;

/** What is left to give back of a payment, in minor units. */
export function refundableOf(row: PaymentRow): number {
  return Math.max(0, row.amount.amount - row.refunded.amount);
}

/** Card payments that succeeded and are not wholly given back yet can be refunded here. */
export function canRefund(row: PaymentRow): boolean {
  return row.status === 'SUCCEEDED' && row.method === 'INTERNAL_PAYMENT' && refundableOf(row) > 0;
}

interface PaymentsListProps {
  /** Null while the page loads. */
  rows: readonly PaymentRow[] | null;
  view: PaymentsView;
  onSort: (field: PaymentsSortField) => void;
  onRefund: (row: PaymentRow) => void;
}

const codeSx = { fontFamily: 'monospace', direction: 'ltr', unicodeBidi: 'isolate' } as const;
const DASH = '—';

function Amount({ row }: { row: PaymentRow }) {
  const { t } = useTranslation('pages');
  return (
    <Box>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {row.amount.formatted}
      </Typography>
      {row.refunded.amount > 0 ? (
        <Typography variant="caption" color="text.secondary">
          {t('opportunities.payments.table.refundedAmount', { amount: row.refunded.formatted })}
        </Typography>
      ) : null}
    </Box>
  );
}

function Coupon({ row }: { row: PaymentRow }) {
  const { t } = useTranslation('pages');
  if (!row.coupon) return <>{DASH}</>;
  return (
    <Box>
      <Box component="span" sx={codeSx}>
        {row.coupon}
      </Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {t('opportunities.payments.table.discount', {
          amount: row.discount.formatted,
          percent: formatNumber(row.discount_percent / 100, { style: 'percent' }),
        })}
      </Typography>
    </Box>
  );
}

/** The latest refund request's state; the API sends it as text, so an unknown one shows as is. */
function RefundState({ row }: { row: PaymentRow }) {
  if (!row.refund_status) return <>{DASH}</>;
  if (!isOneOf(REFUND_REQUEST_STATUSES, row.refund_status)) return <>{row.refund_status}</>;
  return <RefundStatusChip status={row.refund_status} />;
}

function Receipt({ row }: { row: PaymentRow }) {
  const { t } = useTranslation('pages');
  if (!row.receipt) return <>{DASH}</>;
  return (
    <Link
      component={RouterLink}
      to={row.receipt}
      aria-label={t('opportunities.payments.table.receiptOf', { name: row.name })}
    >
      {t('opportunities.payments.table.receipt')}
    </Link>
  );
}

function RefundButton({ row, onRefund }: { row: PaymentRow; onRefund: (row: PaymentRow) => void }) {
  const { t } = useTranslation('pages');
  if (!canRefund(row)) return null;
  return (
    <Button
      size="small"
      variant="outlined"
      onClick={() => onRefund(row)}
      aria-label={t('opportunities.payments.refund.actionOf', { name: row.name })}
    >
      {t('opportunities.payments.refund.action')}
    </Button>
  );
}

function SkeletonRows({ columns }: { columns: number }) {
  return (
    <>
      {Array.from({ length: 5 }, (_, row) => (
        <TableRow key={row}>
          {Array.from({ length: columns }, (_, cell) => (
            <TableCell key={cell}>
              <Skeleton variant="text" />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}

const COLUMNS = 9;

/** A wide screen's list: one row a payment, sorted by clicking a header. */
export function PaymentsTable({ rows, view, onSort, onRefund }: PaymentsListProps) {
  const { t } = useTranslation('pages');
  const column = (key: string) => t(`opportunities.payments.columns.${key}`);

  const header = (label: string, field?: PaymentsSortField) => {
    if (!field) {
      return (
        <TableCell component="th" scope="col">
          {label}
        </TableCell>
      );
    }
    const active = view.sort === field;
    const direction = view.asc ? 'asc' : 'desc';
    return (
      <TableCell component="th" scope="col" sortDirection={active ? direction : false}>
        <TableSortLabel
          active={active}
          direction={active ? direction : firstDirection(field)}
          onClick={() => onSort(field)}
        >
          {label}
        </TableSortLabel>
      </TableCell>
    );
  };

  const caption = t('opportunities.payments.table.caption');
  // Shown from the large breakpoint, where it fits; a narrower window scrolls it inside itself.
  return (
    <TableContainer>
      {/* A status reads as one word: the chips keep theirs whole and the table scrolls instead. */}
      <Table
        size="small"
        sx={{ '& .MuiChip-label': { whiteSpace: 'nowrap', overflowWrap: 'normal' } }}
      >
        <Box component="caption" sx={visuallyHidden}>
          {caption}
        </Box>
        <TableHead>
          <TableRow>
            {header(column('name'), 'NAME')}
            {header(column('fee'))}
            {header(column('amount'), 'AMOUNT')}
            {header(column('coupon'))}
            {header(column('status'), 'STATUS')}
            {header(column('refund'))}
            {header(column('date'), 'CREATED_AT')}
            {header(column('receipt'))}
            <TableCell component="th" scope="col">
              <Box component="span" sx={visuallyHidden}>
                {column('actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows === null ? (
            <SkeletonRows columns={COLUMNS} />
          ) : (
            rows.map((row) => (
              <TableRow key={row.payment_id}>
                <TableCell
                  component="th"
                  scope="row"
                  dir="auto"
                  sx={{ overflowWrap: 'break-word' }}
                >
                  {row.name}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'break-word' }}>{row.fee_title ?? DASH}</TableCell>
                <TableCell>
                  <Amount row={row} />
                </TableCell>
                <TableCell>
                  <Coupon row={row} />
                </TableCell>
                <TableCell>
                  <PaymentStatusChip status={row.status} />
                </TableCell>
                <TableCell>
                  <RefundState row={row} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.created_at)}</TableCell>
                <TableCell>
                  <Receipt row={row} />
                </TableCell>
                <TableCell align="right">
                  <RefundButton row={row} onRefund={onRefund} />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A phone's list: one card a payment, every value with its name. */
export function PaymentCards({ rows, onRefund }: Omit<PaymentsListProps, 'view' | 'onSort'>) {
  const { t } = useTranslation('pages');
  const column = (key: string) => t(`opportunities.payments.columns.${key}`);
  if (rows === null) return null;
  const item = (label: string, value: ReactNode) => (
    <>
      <Box component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Box>
    </>
  );
  return (
    <Box
      component="ul"
      aria-label={t('opportunities.payments.table.caption')}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
    >
      {rows.map((row) => (
        <Paper key={row.payment_id} component="li" variant="outlined" sx={{ p: 2 }}>
          <Box
            sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'start' }}
          >
            <Typography
              component="p"
              variant="subtitle1"
              dir="auto"
              sx={{ overflowWrap: 'anywhere' }}
            >
              {row.name}
            </Typography>
            <PaymentStatusChip status={row.status} />
          </Box>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'auto minmax(0, 1fr)',
              columnGap: 2,
              rowGap: 0.5,
              my: 1,
            }}
          >
            {item(column('amount'), <Amount row={row} />)}
            {item(column('fee'), row.fee_title ?? DASH)}
            {item(column('coupon'), <Coupon row={row} />)}
            {item(column('refund'), <RefundState row={row} />)}
            {item(column('date'), formatDate(row.created_at))}
          </Box>
          <Box
            sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}
          >
            <Receipt row={row} />
            <RefundButton row={row} onRefund={onRefund} />
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
