import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_STATUSES } from '@encore/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import SearchIcon from '@mui/icons-material/Search';
import type { PaymentStatus, PaymentsSortField } from '../../../gql/graphql';
import { PAYMENTS_SORT_FIELDS, isFiltered, type PaymentsView } from './payments-view';

/** Typing pauses this long before the list is asked again. */
export const SEARCH_DELAY_MS = 400;

const ANY = '';

function SearchField({ value, onCommit }: { value: string; onCommit: (q: string) => void }) {
  const { t } = useTranslation('pages');
  const [text, setText] = useState(value);
  // A reset changes the search from outside: the field follows it and keeps the focus.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (text.trim() !== value) setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return undefined;
    const timer = window.setTimeout(() => onCommit(text.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, onCommit]);
  return (
    <TextField
      type="search"
      size="small"
      label={t('opportunities.payments.filters.search')}
      placeholder={t('opportunities.payments.filters.searchHint')}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onCommit(text.trim());
      }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" aria-hidden />
            </InputAdornment>
          ),
        },
      }}
      sx={{ flex: '1 1 220px', minWidth: 0 }}
    />
  );
}

function StatusSelect({
  value,
  onChange,
}: {
  value: PaymentStatus | null;
  onChange: (status: PaymentStatus | null) => void;
}) {
  const { t } = useTranslation('pages');
  const labelId = useId();
  const label = t('opportunities.payments.filters.status');
  return (
    <FormControl size="small" sx={{ flex: '0 1 200px', minWidth: 160 }}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select
        labelId={labelId}
        label={label}
        value={value ?? ANY}
        onChange={(event) => {
          const chosen = PAYMENT_STATUSES.find((status) => status === event.target.value);
          onChange(chosen ?? null);
        }}
      >
        <MenuItem value={ANY}>{t('opportunities.payments.filters.anyStatus')}</MenuItem>
        {PAYMENT_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`applications.review.payment.${status}`)}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** On a phone the cards have no headers to click: the order is chosen here. */
export function SortControl({
  view,
  onSort,
}: {
  view: PaymentsView;
  onSort: (sort: PaymentsSortField, asc: boolean) => void;
}) {
  const { t } = useTranslation('pages');
  const labelId = useId();
  const label = t('opportunities.payments.sort.label');
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
      <FormControl size="small" sx={{ minWidth: 160 }}>
        <InputLabel id={labelId}>{label}</InputLabel>
        <Select
          labelId={labelId}
          label={label}
          value={view.sort}
          onChange={(event) => {
            const chosen = PAYMENTS_SORT_FIELDS.find((field) => field === event.target.value);
            if (chosen) onSort(chosen, view.asc);
          }}
        >
          {PAYMENTS_SORT_FIELDS.map((field) => (
            <MenuItem key={field} value={field}>
              {t(`opportunities.payments.sort.${field}`)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <IconButton
        onClick={() => onSort(view.sort, !view.asc)}
        aria-label={
          view.asc
            ? t('opportunities.payments.sort.ascending')
            : t('opportunities.payments.sort.descending')
        }
        title={
          view.asc
            ? t('opportunities.payments.sort.ascending')
            : t('opportunities.payments.sort.descending')
        }
      >
        {view.asc ? <ArrowUpwardIcon /> : <ArrowDownwardIcon />}
      </IconButton>
    </Box>
  );
}

interface PaymentsFilterBarProps {
  view: PaymentsView;
  onChange: (patch: Partial<Pick<PaymentsView, 'q' | 'status' | 'refunded'>>) => void;
  onReset: () => void;
}

/** What narrows the payments list: a search, a status and "refunded only". */
export function PaymentsFilterBar({ view, onChange, onReset }: PaymentsFilterBarProps) {
  const { t } = useTranslation('pages');
  return (
    <Box
      role="search"
      aria-label={t('opportunities.payments.filters.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
    >
      <SearchField value={view.q} onCommit={(q) => onChange({ q })} />
      <StatusSelect value={view.status} onChange={(status) => onChange({ status })} />
      <FormControlLabel
        control={
          <Switch
            checked={view.refunded}
            onChange={(event) => onChange({ refunded: event.target.checked })}
          />
        }
        label={t('opportunities.payments.filters.refunded')}
      />
      {isFiltered(view) ? (
        <Button onClick={onReset}>{t('opportunities.payments.filters.reset')}</Button>
      ) : null}
    </Box>
  );
}
