import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPLICATION_STATUSES, PAYMENT_STATUSES } from '@encore/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { isFiltered, type QueueFilters } from '../../../applications/review/queue';
import type { FilterQuestion } from './filter-questions';

/** Typing pauses this long before the list is asked again. */
const SEARCH_DELAY_MS = 400;

interface FilterBarProps {
  filters: QueueFilters;
  questions: readonly FilterQuestion[];
  /** Under blind review the search matches the code only. */
  blind: boolean;
  onChange: (patch: Partial<QueueFilters>) => void;
  onReset: () => void;
}

function SearchField({
  value,
  blind,
  onCommit,
}: {
  value: string;
  blind: boolean;
  onCommit: (q: string) => void;
}) {
  const { t } = useTranslation('pages');
  const [text, setText] = useState(value);
  // A reset, or going back in history, changes the search from outside: the field follows it
  // without being remounted, so it keeps the focus while the typed text is committed.
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
      label={t('opportunities.dashboard.applications.filters.search')}
      placeholder={
        blind
          ? t('opportunities.dashboard.applications.filters.searchBlind')
          : t('opportunities.dashboard.applications.filters.searchHint')
      }
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
      sx={{ minWidth: 220, flex: '1 1 220px' }}
    />
  );
}

function MultiSelect<Value extends string>({
  label,
  options,
  selected,
  optionLabel,
  onChange,
}: {
  label: string;
  options: readonly Value[];
  selected: readonly Value[];
  optionLabel: (value: Value) => string;
  onChange: (values: Value[]) => void;
}) {
  const { t } = useTranslation('pages');
  const labelId = useId();
  return (
    <FormControl size="small" sx={{ minWidth: 180 }}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select<Value[]>
        multiple
        labelId={labelId}
        label={label}
        value={[...selected]}
        onChange={(event) => {
          const value = event.target.value;
          const chosen = typeof value === 'string' ? value.split(',') : value;
          onChange(options.filter((option) => chosen.includes(option)));
        }}
        renderValue={(values) =>
          values.length === 1 && values[0]
            ? optionLabel(values[0])
            : t('opportunities.dashboard.applications.filters.chosen', { count: values.length })
        }
      >
        {options.map((option) => (
          <MenuItem key={option} value={option}>
            <Checkbox size="small" checked={selected.includes(option)} sx={{ p: 0.5, me: 1 }} />
            <ListItemText primary={optionLabel(option)} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

function SingleSelect({
  label,
  value,
  options,
  onChange,
  disabled,
}: {
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const labelId = useId();
  return (
    <FormControl size="small" sx={{ minWidth: 160 }} disabled={disabled}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select
        labelId={labelId}
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

const ANY = '';

/** A toggle's answer as its option in the menu. */
function optionOf(value: string | boolean): string {
  if (typeof value !== 'boolean') return value;
  return value ? 'yes' : 'no';
}

/** The answer filter: which question, then which answer; applied once both are chosen. */
function AnswerFilterFields({
  answer,
  questions,
  onChange,
}: {
  answer: QueueFilters['answer'];
  questions: readonly FilterQuestion[];
  onChange: (answer: QueueFilters['answer']) => void;
}) {
  const { t } = useTranslation('pages');
  // A question chosen without an answer yet filters nothing, so it lives here, not in the
  // address; any change of the answer filter itself (a reset too) starts it again from there.
  const [pending, setPending] = useState<string>(answer?.slug ?? ANY);
  const answerKey = answer ? `${answer.slug}:${String(answer.value)}` : ANY;
  const [shownKey, setShownKey] = useState(answerKey);
  if (answerKey !== shownKey) {
    setShownKey(answerKey);
    setPending(answer?.slug ?? ANY);
  }
  const slug = answer?.slug ?? pending;
  const question = questions.find((candidate) => candidate.slug === slug);
  const answerValue = answer === null ? ANY : optionOf(answer.value);
  const values =
    question?.kind === 'toggle'
      ? [
          { value: 'yes', label: t('opportunities.dashboard.applications.filters.yes') },
          { value: 'no', label: t('opportunities.dashboard.applications.filters.no') },
        ]
      : (question?.choices ?? []).map((choice) => ({ value: choice, label: choice }));

  return (
    <>
      <SingleSelect
        label={t('opportunities.dashboard.applications.filters.question')}
        value={question ? question.slug : ANY}
        options={[
          { value: ANY, label: t('opportunities.dashboard.applications.filters.anyQuestion') },
          ...questions.map((candidate) => ({ value: candidate.slug, label: candidate.label })),
        ]}
        onChange={(next) => {
          setPending(next);
          if (answer) {
            // The answer goes with its question; this change is ours, not one to follow.
            setShownKey(ANY);
            onChange(null);
          }
        }}
      />
      {question ? (
        <SingleSelect
          label={t('opportunities.dashboard.applications.filters.answer')}
          value={answerValue}
          options={[
            { value: ANY, label: t('opportunities.dashboard.applications.filters.anyAnswer') },
            ...values,
          ]}
          onChange={(next) =>
            onChange(
              next === ANY
                ? null
                : {
                    slug: question.slug,
                    value: question.kind === 'toggle' ? next === 'yes' : next,
                  },
            )
          }
        />
      ) : null}
    </>
  );
}

/** What narrows the dashboard's list; every change lands in the address. */
export function ApplicationFilterBar({
  filters,
  questions,
  blind,
  onChange,
  onReset,
}: FilterBarProps) {
  const { t } = useTranslation('pages');
  return (
    <Box
      role="search"
      aria-label={t('opportunities.dashboard.applications.filters.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
    >
      <SearchField value={filters.q} blind={blind} onCommit={(q) => onChange({ q })} />
      <MultiSelect
        label={t('opportunities.dashboard.applications.filters.status')}
        options={APPLICATION_STATUSES}
        selected={filters.status}
        optionLabel={(status) => t(`applications.status.${status}`)}
        onChange={(status) => onChange({ status })}
      />
      <MultiSelect
        label={t('opportunities.dashboard.applications.filters.payment')}
        options={PAYMENT_STATUSES}
        selected={filters.payment}
        optionLabel={(status) => t(`applications.review.payment.${status}`)}
        onChange={(payment) => onChange({ payment })}
      />
      <SingleSelect
        label={t('opportunities.dashboard.applications.filters.minRate')}
        value={filters.minRate === null ? ANY : String(filters.minRate)}
        disabled={filters.unrated}
        options={[
          { value: ANY, label: t('opportunities.dashboard.applications.filters.anyRate') },
          ...[5, 4, 3, 2, 1].map((stars) => ({
            value: String(stars),
            label: t('opportunities.dashboard.applications.filters.atLeast', { count: stars }),
          })),
        ]}
        onChange={(value) => onChange({ minRate: value === ANY ? null : Number(value) })}
      />
      <FormControlLabel
        control={
          <Switch
            checked={filters.unrated}
            onChange={(event) =>
              onChange(event.target.checked ? { unrated: true, minRate: null } : { unrated: false })
            }
          />
        }
        label={t('opportunities.dashboard.applications.filters.unrated')}
      />
      {questions.length > 0 ? (
        <AnswerFilterFields
          answer={filters.answer}
          questions={questions}
          onChange={(answer) => onChange({ answer })}
        />
      ) : null}
      {isFiltered(filters) ? (
        <Button onClick={onReset}>{t('opportunities.dashboard.applications.filters.reset')}</Button>
      ) : null}
    </Box>
  );
}
