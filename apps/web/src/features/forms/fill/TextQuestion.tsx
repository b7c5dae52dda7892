import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { parseVideoLink, type FormField } from '@encore/core';
import { asText, textLimit } from './answer-shape';
import { useFill } from './fill-context';
import { requiredInput, type QuestionProps } from './question-parts';
import { VideoPreview } from './VideoPreview';

/** The native input of a one-line answer of each type. */
export function inputTypeOf(field: FormField): string {
  switch (field.type) {
    case 'email':
      return 'email';
    case 'tel':
      return 'tel';
    case 'link':
    case 'video_link':
      return 'url';
    case 'datetime_field':
      return field.subtype === 'time'
        ? 'time'
        : field.subtype === 'datetime'
          ? 'datetime-local'
          : 'date';
    default:
      return 'text';
  }
}

const AUTOCOMPLETE: Record<string, string> = {
  full_name: 'name',
  email: 'email',
};

/** Addresses have no meaningful spaces around them, and the schema checks them untrimmed. */
export function keepsSpaces(field: FormField): boolean {
  return !['email', 'link', 'video_link'].includes(field.type);
}

/** One typed answer: a text (with its length counter), an email, a phone, a date, a link. */
export function TextQuestion({ field, value, onChange, messages, id }: QuestionProps) {
  const { t } = useTranslation('pages');
  const { disabled } = useFill();
  const text = asText(value);
  const isText = field.type === 'text_field';
  const limit = isText ? textLimit(field) : undefined;
  const type = inputTypeOf(field);
  const invalid = messages.length > 0;
  const video = field.type === 'video_link' ? parseVideoLink(text) : null;
  const hint =
    isText && field.min_length
      ? t('forms.fill.text.minLength', { count: field.min_length })
      : type === 'url'
        ? t(field.type === 'video_link' ? 'forms.fill.video.hint' : 'forms.fill.link.hint')
        : undefined;

  return (
    <Box>
      <TextField
        id={id}
        name={id}
        label={field.label}
        type={type}
        value={text}
        onChange={(event) => {
          const typed = keepsSpaces(field) ? event.target.value : event.target.value.trim();
          onChange(typed === '' ? undefined : typed);
        }}
        disabled={disabled}
        error={invalid}
        fullWidth
        multiline={field.subtype === 'textarea'}
        minRows={field.subtype === 'textarea' ? 4 : undefined}
        autoComplete={AUTOCOMPLETE[field.slug] ?? (field.type === 'tel' ? 'tel' : undefined)}
        placeholder={type === 'url' ? 'https://' : undefined}
        helperText={
          invalid || hint || limit ? (
            <Box component="span" sx={{ display: 'flex', gap: 2, justifyContent: 'space-between' }}>
              <span>{invalid ? messages.join(' ') : hint}</span>
              {limit ? (
                <Box component="span" sx={{ flexShrink: 0 }}>
                  {t('forms.fill.text.counter', { length: text.length, max: limit })}
                </Box>
              ) : null}
            </Box>
          ) : undefined
        }
        slotProps={{
          inputLabel: {
            required: field.is_required,
            // Date and time inputs always show their own placeholder (dd/mm/yyyy).
            ...(field.type === 'datetime_field' ? { shrink: true } : {}),
          },
          htmlInput: {
            ...requiredInput(field.is_required),
            ...(limit ? { maxLength: limit } : {}),
          },
        }}
      />
      {video ? <VideoPreview video={video} label={field.label} /> : null}
    </Box>
  );
}
