import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import { formatNumber } from '../../../lib/format';

interface PageInfo {
  firstItem: number | null;
  lastItem: number | null;
  lastPage: number;
  total: number;
}

interface ListPagerProps {
  info: PageInfo;
  page: number;
  /** Names the page links for screen readers ("Pages of payments"). */
  label: string;
  /** The whole count in words ("3 payments"), shown when it fits on one page. */
  counted: (count: number) => string;
  onPage: (page: number) => void;
}

/** "11–20 of 43" and the page links under a list; the count alone when it fits on one page. */
export function ListPager({ info, page, label, counted, onPage }: ListPagerProps) {
  const { t } = useTranslation('pages');
  return (
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
          ? t('opportunities.payments.pager.range', {
              first: formatNumber(info.firstItem ?? 0),
              last: formatNumber(info.lastItem ?? 0),
              total: formatNumber(info.total),
            })
          : counted(info.total)}
      </Typography>
      {info.lastPage > 1 ? (
        <Pagination
          count={info.lastPage}
          page={Math.min(page, info.lastPage)}
          onChange={(_event, next) => onPage(next)}
          color="primary"
          siblingCount={0}
          aria-label={label}
          getItemAriaLabel={(type, number, current) =>
            type === 'page'
              ? t(
                  current
                    ? 'opportunities.payments.pager.pageCurrent'
                    : 'opportunities.payments.pager.page',
                  { page: number },
                )
              : t(`opportunities.payments.pager.nav.${type}`)
          }
        />
      ) : null}
    </Box>
  );
}
