import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import { LoadError } from '../../../../components/PageStates';
import {
  DashboardApplicationQuestionsDocument,
  DashboardApplicationsDocument,
  type ApplicationSortField,
  type OpportunityFieldsFragment,
} from '../../../../gql/graphql';
import { formatNumber } from '../../../../lib/format';
import {
  DEFAULT_QUEUE_VIEW,
  isFiltered,
  parseQueueParams,
  queueVariables,
  serialiseQueueView,
  updateQueueView,
  type QueueFilters,
  type QueueView,
} from '../../../applications/review/queue';
import { Section } from '../../public/Section';
import { ApplicationFilterBar } from './ApplicationFilterBar';
import { ApplicationsTable } from './ApplicationsTable';
import { BulkStatusBar } from './BulkStatusBar';
import { ExportButton } from './ExportButton';
import { filterQuestions } from './filter-questions';

/** Whether the viewer reads the opportunity's applications at all. */
export function readsApplications(opportunity: OpportunityFieldsFragment): boolean {
  const can = opportunity.viewerCan;
  return can.rate || can.comment || can.manage_applications;
}

function Empty({
  filtered,
  opportunity,
  onReset,
}: {
  filtered: boolean;
  opportunity: OpportunityFieldsFragment;
  onReset: () => void;
}) {
  const { t } = useTranslation('pages');
  const published = opportunity.opp_status !== 'DRAFT' && opportunity.opp_status !== 'SCHEDULED';
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 3 }}>
      {filtered ? (
        <SearchOffOutlinedIcon color="disabled" sx={{ fontSize: 40 }} aria-hidden />
      ) : (
        <InboxOutlinedIcon color="disabled" sx={{ fontSize: 40 }} aria-hidden />
      )}
      <Box>
        <Typography sx={{ fontWeight: 500 }}>
          {filtered
            ? t('opportunities.dashboard.applications.noMatch')
            : t('opportunities.dashboard.applications.empty')}
        </Typography>
        {filtered ? (
          <Button onClick={onReset} sx={{ mt: 0.5, ms: -1 }}>
            {t('opportunities.dashboard.applications.filters.reset')}
          </Button>
        ) : (
          <Typography color="text.secondary">
            {published
              ? t('opportunities.dashboard.applications.hint')
              : t('opportunities.dashboard.applications.hintUnpublished')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

interface ApplicationsListProps {
  opportunity: OpportunityFieldsFragment;
  view: QueueView;
  onShow: (view: QueueView) => void;
  onReset: () => void;
}

/**
 * One page of the list as the address asks for it. Its parent mounts a new one for each view:
 * React Router changes the address in a transition, and a query whose variables changed in that
 * render would re-run the list still on screen with the old ones, over and over, so the new view
 * never showed. A fresh list has a query of its own; a new view also drops the rows chosen in the
 * old one.
 */
function ApplicationsList({ opportunity, view, onShow, onReset }: ApplicationsListProps) {
  const { t } = useTranslation('pages');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const manage = opportunity.viewerCan.manage_applications;
  const list = useQuery(DashboardApplicationsDocument, {
    variables: queueVariables(opportunity.id, view),
    // Reviews elsewhere change statuses and ratings: a cached page is shown while a fresh one loads.
    fetchPolicy: 'cache-and-network',
  });
  const page = list.data?.opportunityApplications;
  const info = page?.paginatorInfo;
  const rows = page?.data ?? null;
  const chosenRows = (rows ?? []).filter((row) => selected.has(row.id));

  const select = (ids: readonly string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const sort = (field: ApplicationSortField, asc: boolean) =>
    onShow(updateQueueView(view, { sort: field, asc }));

  if (list.error && !page) {
    return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  }
  if (rows && rows.length === 0) {
    return <Empty filtered={isFiltered(view)} opportunity={opportunity} onReset={onReset} />;
  }
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {manage && chosenRows.length > 0 ? (
        <BulkStatusBar selected={chosenRows} onDone={() => setSelected(new Set())} />
      ) : null}
      <ApplicationsTable
        rows={rows}
        view={view}
        offset={(view.page - 1) * view.first}
        selectable={manage}
        selected={selected}
        onSelect={select}
        onSort={sort}
      />
      {info ? (
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 2,
            alignItems: 'center',
            justifyContent: 'space-between',
          }}
        >
          <Typography color="text.secondary">
            {info.lastPage > 1
              ? t('opportunities.dashboard.applications.range', {
                  first: formatNumber(info.firstItem ?? 0),
                  last: formatNumber(info.lastItem ?? 0),
                  total: formatNumber(info.total),
                })
              : t('opportunities.dashboard.applications.total', { count: info.total })}
          </Typography>
          {info.lastPage > 1 ? (
            <Pagination
              count={info.lastPage}
              page={Math.min(view.page, info.lastPage)}
              onChange={(_event, next) => onShow({ ...view, page: next })}
              color="primary"
              aria-label={t('opportunities.dashboard.applications.pages')}
              getItemAriaLabel={(type, number, current) =>
                type === 'page'
                  ? t(
                      current
                        ? 'opportunities.dashboard.applications.pageCurrent'
                        : 'opportunities.dashboard.applications.page',
                      { page: number },
                    )
                  : t(`opportunities.dashboard.applications.pageNav.${type}`)
              }
            />
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}

/**
 * The opportunity's applications on its dashboard: filtered, sorted and paged by the address (so
 * a review can walk the same list), with bulk decisions and the CSV export for its managers.
 */
export function ApplicationsSection({ opportunity }: { opportunity: OpportunityFieldsFragment }) {
  const { t } = useTranslation('pages');
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseQueueParams(params), [params]);
  const manage = opportunity.viewerCan.manage_applications;
  const questions = useQuery(DashboardApplicationQuestionsDocument, {
    variables: { slug: opportunity.slug },
  });
  const fieldQuestions = useMemo(
    () => filterQuestions(questions.data?.opportunity?.forms ?? []),
    [questions.data],
  );

  const show = useCallback(
    (next: QueueView) => setParams(serialiseQueueView(next), { replace: true }),
    [setParams],
  );
  const filter = useCallback(
    (patch: Partial<QueueFilters>) => show(updateQueueView(view, patch)),
    [show, view],
  );
  const reset = useCallback(() => show({ ...DEFAULT_QUEUE_VIEW, first: view.first }), [show, view]);

  return (
    <Section
      title={t('opportunities.dashboard.applications.title')}
      aside={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          {opportunity.viewerCan.update ? (
            <Button
              component={RouterLink}
              to={`/opportunity/${opportunity.slug}/form`}
              startIcon={<EditNoteOutlinedIcon />}
            >
              {t('opportunities.dashboard.applications.editForm')}
            </Button>
          ) : null}
          {manage ? <ExportButton opportunityId={opportunity.id} slug={opportunity.slug} /> : null}
        </Box>
      }
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <ApplicationFilterBar
          filters={view}
          questions={fieldQuestions}
          blind={opportunity.blind_review && !manage}
          onChange={filter}
          onReset={reset}
        />
        <ApplicationsList
          key={serialiseQueueView(view).toString()}
          opportunity={opportunity}
          view={view}
          onShow={show}
          onReset={reset}
        />
      </Box>
    </Section>
  );
}
