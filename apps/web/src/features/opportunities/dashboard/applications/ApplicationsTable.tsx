import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type {
  ApplicationSortField,
  DashboardApplicationRowFieldsFragment,
} from '../../../../gql/graphql';
import { formatDate, formatNumber } from '../../../../lib/format';
import { ApplicationStatusChip } from '../../../applications/components/ApplicationStatusChip';
import { reviewPath, type QueueView } from '../../../applications/review/queue';

type Row = DashboardApplicationRowFieldsFragment;

/** Dates and ratings read best with the most recent or the highest first. */
const DESCENDING_FIRST: ReadonlySet<ApplicationSortField> = new Set([
  'created_at',
  'submitted_at',
  'rate',
]);

interface ApplicationsTableProps {
  rows: readonly Row[] | null;
  view: QueueView;
  /** 0-based position of the first row in the whole list. */
  offset: number;
  /** With bulk actions: the rows' checkboxes. */
  selectable: boolean;
  selected: ReadonlySet<string>;
  onSelect: (ids: readonly string[], selected: boolean) => void;
  onSort: (sort: ApplicationSortField, asc: boolean) => void;
}

function Applicant({ row }: { row: Row }) {
  const { t } = useTranslation('pages');
  if (row.is_blind) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
        {t('opportunities.dashboard.applications.hidden')}
      </Typography>
    );
  }
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {row.artist_name ?? row.name ?? '—'}
      </Typography>
      {row.artist_name && row.name ? (
        <Typography variant="caption" color="text.secondary">
          {row.name}
        </Typography>
      ) : null}
    </Box>
  );
}

function RatingSummary({ row }: { row: Row }) {
  const { t } = useTranslation('pages');
  if (row.rate === null) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('opportunities.dashboard.applications.unrated')}
      </Typography>
    );
  }
  const average = formatNumber(row.rate, { maximumFractionDigits: 1 });
  const label = t('opportunities.dashboard.applications.average', {
    rate: average,
    count: row.rating_count ?? 0,
  });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} title={label}>
      <Rating value={row.rate} precision={0.1} readOnly size="small" getLabelText={() => label} />
      <Typography variant="caption" color="text.secondary" aria-hidden>
        ({row.rating_count ?? 0})
      </Typography>
    </Box>
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

/** One page of the list: sortable by its headers, each row opening its review in this queue. */
export function ApplicationsTable({
  rows,
  view,
  offset,
  selectable,
  selected,
  onSelect,
  onSort,
}: ApplicationsTableProps) {
  const { t } = useTranslation('pages');
  const ids = rows?.map((row) => row.id) ?? [];
  const chosen = ids.filter((id) => selected.has(id)).length;

  const header = (field: ApplicationSortField | null, label: string) => {
    if (!field) return <TableCell>{label}</TableCell>;
    const active = view.sort === field;
    const direction = active ? (view.asc ? 'asc' : 'desc') : 'asc';
    return (
      <TableCell sortDirection={active ? direction : false}>
        <TableSortLabel
          active={active}
          direction={active ? direction : DESCENDING_FIRST.has(field) ? 'desc' : 'asc'}
          onClick={() => onSort(field, active ? !view.asc : !DESCENDING_FIRST.has(field))}
        >
          {label}
        </TableSortLabel>
      </TableCell>
    );
  };

  const columns = selectable ? 8 : 7;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('opportunities.dashboard.applications.table')}>
        <TableHead>
          <TableRow>
            {selectable ? (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={ids.length > 0 && chosen === ids.length}
                  indeterminate={chosen > 0 && chosen < ids.length}
                  disabled={ids.length === 0}
                  onChange={(event) => onSelect(ids, event.target.checked)}
                  slotProps={{
                    input: { 'aria-label': t('opportunities.dashboard.applications.selectAll') },
                  }}
                />
              </TableCell>
            ) : null}
            {header('code', t('opportunities.dashboard.applications.columns.code'))}
            {header('name', t('opportunities.dashboard.applications.columns.applicant'))}
            {header('status', t('opportunities.dashboard.applications.columns.status'))}
            {header(null, t('opportunities.dashboard.applications.columns.payment'))}
            {header('rate', t('opportunities.dashboard.applications.columns.rating'))}
            {header(null, t('opportunities.dashboard.applications.columns.yourRating'))}
            {header('submitted_at', t('opportunities.dashboard.applications.columns.submitted'))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows === null ? (
            <SkeletonRows columns={columns} />
          ) : (
            rows.map((row, index) => (
              <TableRow key={row.id} hover selected={selected.has(row.id)}>
                {selectable ? (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.has(row.id)}
                      onChange={(event) => onSelect([row.id], event.target.checked)}
                      slotProps={{
                        input: {
                          'aria-label': t('opportunities.dashboard.applications.select', {
                            code: row.code,
                          }),
                        },
                      }}
                    />
                  </TableCell>
                ) : null}
                <TableCell>
                  <Link
                    component={RouterLink}
                    to={reviewPath(row.id, view, offset + index)}
                    sx={{ fontFamily: 'monospace', fontWeight: 500, whiteSpace: 'nowrap' }}
                  >
                    {row.code}
                  </Link>
                </TableCell>
                <TableCell>
                  <Applicant row={row} />
                </TableCell>
                <TableCell>
                  <ApplicationStatusChip status={row.status} />
                </TableCell>
                <TableCell>
                  <Typography variant="body2">
                    {row.payment_status
                      ? t(`applications.review.payment.${row.payment_status}`)
                      : '—'}
                  </Typography>
                </TableCell>
                <TableCell>
                  <RatingSummary row={row} />
                </TableCell>
                <TableCell>
                  {row.user_rate !== null ? (
                    <Rating
                      value={row.user_rate}
                      readOnly
                      size="small"
                      getLabelText={(value) =>
                        t('opportunities.dashboard.applications.yourRating', { count: value })
                      }
                    />
                  ) : (
                    <Typography variant="body2" color="text.secondary">
                      —
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDate(row.submitted_at ?? row.created_at)}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
