import { type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import type { AnswerValue, FormField } from '@encore/core';
import type { AnswerPath } from './answer-shape';

/** What every question component gets from the list of questions around it. */
export interface QuestionProps {
  field: FormField;
  path: AnswerPath;
  value: AnswerValue | undefined;
  onChange: (next: AnswerValue | undefined) => void;
  /** Messages about this answer and its parts. */
  messages: string[];
  /** A unique id to build element ids from. */
  id: string;
}

/**
 * A required answer is marked with the label's asterisk (`inputLabel: { required }`) and
 * `aria-required`, without the native `required` attribute, so the browser's own bubble never
 * runs ahead of the form's messages.
 */
export function requiredInput(required: boolean): { 'aria-required'?: true } {
  return required ? { 'aria-required': true } : {};
}

interface QuestionGroupProps {
  id: string;
  label: string;
  required: boolean;
  messages: readonly string[];
  hint?: ReactNode;
  disabled?: boolean;
  children: ReactNode;
}

/** A question answered with several controls: a fieldset whose legend is the question. */
export function QuestionGroup({
  id,
  label,
  required,
  messages,
  hint,
  disabled,
  children,
}: QuestionGroupProps) {
  const invalid = messages.length > 0;
  return (
    <FormControl
      component="fieldset"
      error={invalid}
      disabled={disabled}
      fullWidth
      aria-describedby={invalid ? `${id}-messages` : undefined}
    >
      <FormLabel component="legend" required={required} sx={{ mb: 1 }}>
        {label}
      </FormLabel>
      {children}
      {hint ? <FormHelperText error={false}>{hint}</FormHelperText> : null}
      {invalid ? <FormHelperText id={`${id}-messages`}>{messages.join(' ')}</FormHelperText> : null}
    </FormControl>
  );
}
