import { useTranslation } from 'react-i18next';
import Pagination from '@mui/material/Pagination';

interface ResultsPaginationProps {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark ("Pages of results"). */
  label: string;
}

/** Numbered pages under a list; nothing when everything fits on one. */
export function ResultsPagination({ page, lastPage, onChange, label }: ResultsPaginationProps) {
  const { t } = useTranslation('pages');
  if (lastPage <= 1) return null;
  return (
    <Pagination
      aria-label={label}
      count={lastPage}
      page={Math.min(page, lastPage)}
      onChange={(_event, next) => onChange(next)}
      color="primary"
      siblingCount={1}
      sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}
      getItemAriaLabel={(type, number, selected) => {
        if (type === 'page') {
          return selected
            ? t('opportunities.search.pagination.current', { page: number })
            : t('opportunities.search.pagination.page', { page: number });
        }
        return t(`opportunities.search.pagination.${type}`);
      }}
    />
  );
}
