import { useEffect, useRef, useState } from 'react';
import TextField from '@mui/material/TextField';

/** Typing pauses this long before the number changes the search (one search, not one a key). */
export const NUMBER_COMMIT_DELAY_MS = 600;

interface CommittedNumberFieldProps {
  id: string;
  label: string;
  value: number | null;
  onCommit: (value: number | null) => void;
  min?: number;
  max?: number;
  /** 1 for whole numbers; 'any' for amounts with decimals. */
  step?: number | 'any';
  helperText?: string;
  /** Shown while the text is not a number the field accepts. */
  invalidText: string;
}

const text = (value: number | null) => (value === null ? '' : String(value));

function parse(
  raw: string,
  { min, max, step }: Pick<CommittedNumberFieldProps, 'min' | 'max' | 'step'>,
) {
  const trimmed = raw.trim();
  if (trimmed === '') return { ok: true as const, value: null };
  const value = Number(trimmed);
  const valid =
    Number.isFinite(value) &&
    (min === undefined || value >= min) &&
    (max === undefined || value <= max) &&
    (step !== 1 || Number.isInteger(value));
  return valid ? { ok: true as const, value } : { ok: false as const };
}

/**
 * A number that changes the search once the visitor stops typing (or leaves the field), and
 * follows the address when it changes by other means (back, reset).
 */
export function CommittedNumberField({
  id,
  label,
  value,
  onCommit,
  min,
  max,
  step = 1,
  helperText,
  invalidText,
}: CommittedNumberFieldProps) {
  const [draft, setDraft] = useState(text(value));
  const [shown, setShown] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const limits = { min, max, step };
  const parsed = parse(draft, limits);

  // The address changed under the field: show its value, unless the draft already says it.
  if (value !== shown) {
    setShown(value);
    if (!parsed.ok || parsed.value !== value) setDraft(text(value));
  }

  // The timer fires after later renders; it must compare with, and report to, the latest ones.
  const latest = useRef({ value, onCommit });
  useEffect(() => {
    latest.current = { value, onCommit };
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (raw: string) => {
    clearTimeout(timer.current);
    const result = parse(raw, limits);
    if (result.ok && result.value !== latest.current.value) latest.current.onCommit(result.value);
  };

  return (
    <TextField
      id={id}
      label={label}
      type="number"
      size="small"
      value={draft}
      onChange={(event) => {
        const raw = event.target.value;
        setDraft(raw);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => commit(raw), NUMBER_COMMIT_DELAY_MS);
      }}
      onBlur={() => commit(draft)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(draft);
      }}
      error={!parsed.ok}
      helperText={parsed.ok ? helperText : invalidText}
      slotProps={{ htmlInput: { min, max, step, inputMode: step === 1 ? 'numeric' : 'decimal' } }}
    />
  );
}
