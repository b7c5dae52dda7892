import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { DEFAULT_ACCEPT, type FileFieldType } from '@encore/core';

/** Common answers to "which files?", offered while typing; anything else can be typed. */
const SUGGESTIONS = [
  'image/*',
  'audio/*',
  'video/*',
  'application/pdf',
  'text/plain',
  'image/jpeg',
  'image/png',
  'audio/mpeg',
  'audio/wav',
  '.pdf',
  '.doc',
  '.docx',
  '.mp3',
  '.wav',
  '.jpg',
  '.png',
];

interface AcceptEditorProps {
  id: string;
  type: FileFieldType;
  accept: readonly string[];
  onChange: (accept: string[]) => void;
  /** Problems of the whole list, and of one entry by position (a malformed type). */
  problems: string[];
  entryProblems: (index: number) => string[];
  disabled: boolean;
}

/** The file types a file field takes, as chips: MIME types, families (`audio/*`) or extensions. */
export function AcceptEditor({
  id,
  type,
  accept,
  onChange,
  problems,
  entryProblems,
  disabled,
}: AcceptEditorProps) {
  const { t } = useTranslation('pages');
  const wrongEntries = accept.flatMap((_entry, index) => entryProblems(index));
  const messages = [...new Set([...problems, ...wrongEntries])];
  const change = (entries: string[]) =>
    onChange([...new Set(entries.map((entry) => entry.trim().toLowerCase()).filter(Boolean))]);
  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
      id={id}
      options={SUGGESTIONS}
      value={[...accept]}
      disabled={disabled}
      filterSelectedOptions
      onChange={(_event, entries) => change(entries)}
      renderValue={(entries, getItemProps) =>
        entries.map((entry, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              {...itemProps}
              size="small"
              label={entry}
              color={entryProblems(index).length > 0 ? 'error' : 'default'}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('forms.builder.field.accept')}
          error={messages.length > 0}
          helperText={
            messages.length > 0
              ? messages.join(' ')
              : t('forms.builder.field.acceptHelp', { defaults: DEFAULT_ACCEPT[type].join(', ') })
          }
        />
      )}
    />
  );
}
