import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { FORM_LIMITS, parseVideoLink } from '@encore/core';
import { asTextList } from './answer-shape';
import { useFill } from './fill-context';
import { QuestionGroup, requiredInput, type QuestionProps } from './question-parts';
import { inputTypeOf, keepsSpaces } from './TextQuestion';
import { VideoPreview } from './VideoPreview';

interface Row {
  key: number;
  text: string;
}

let nextRowKey = 0;
const rowsOf = (values: readonly string[]): Row[] =>
  (values.length > 0 ? values : ['']).map((text) => ({ key: (nextRowKey += 1), text }));

/** The answer some rows give: filled rows only, so an empty row never fails validation. */
function filled(texts: readonly string[], trim: boolean): string[] {
  return texts.map((text) => (trim ? text.trim() : text)).filter((text) => text.trim() !== '');
}

const answerOf = (rows: readonly Row[], trim: boolean) =>
  filled(
    rows.map((row) => row.text),
    trim,
  );

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/** Several emails, phone numbers or links: one input each, added and removed by the applicant. */
export function TextListQuestion({ field, path, value, onChange, messages, id }: QuestionProps) {
  const { t } = useTranslation('pages');
  const { disabled, messagesAt } = useFill();
  const trim = !keepsSpaces(field);
  const values = filled(asTextList(value), trim);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(values));
  // The answers changed from outside (a prefill, another tab's draft): show them.
  if (!sameList(answerOf(rows, trim), values)) setRows(rowsOf(values));

  const change = (next: Row[]) => {
    setRows(next);
    const answer = answerOf(next, trim);
    onChange(answer.length > 0 ? answer : undefined);
  };
  const type = inputTypeOf(field);
  const ownMessages = messagesAt(path);
  const rowMessageCount = messages.length - ownMessages.length;

  return (
    <QuestionGroup
      id={id}
      label={field.label}
      required={field.is_required}
      messages={ownMessages}
      disabled={disabled}
      hint={
        type === 'url'
          ? t(field.type === 'video_link' ? 'forms.fill.video.hint' : 'forms.fill.link.hint')
          : undefined
      }
    >
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {rows.map((row, index) => {
          const rowMessages = rowMessageCount > 0 ? messagesAt([...path, index]) : [];
          const video = field.type === 'video_link' ? parseVideoLink(row.text) : null;
          const entry = t('forms.fill.list.entry', { field: field.label, number: index + 1 });
          return (
            <Box key={row.key}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                <TextField
                  id={`${id}-${index}`}
                  name={`${id}.${index}`}
                  type={type}
                  value={row.text}
                  onChange={(event) =>
                    change(
                      rows.map((other) =>
                        other.key === row.key ? { ...other, text: event.target.value } : other,
                      ),
                    )
                  }
                  disabled={disabled}
                  error={rowMessages.length > 0}
                  helperText={rowMessages.length > 0 ? rowMessages.join(' ') : undefined}
                  placeholder={type === 'url' ? 'https://' : undefined}
                  autoComplete={field.type === 'tel' ? 'tel' : undefined}
                  fullWidth
                  size="small"
                  slotProps={{
                    htmlInput: {
                      'aria-label': entry,
                      ...requiredInput(field.is_required && index === 0),
                    },
                  }}
                />
                <IconButton
                  aria-label={t('forms.fill.list.remove', { entry })}
                  onClick={() =>
                    change(rows.length > 1 ? rows.filter((other) => other !== row) : rowsOf([]))
                  }
                  disabled={disabled || (rows.length === 1 && row.text === '')}
                >
                  <DeleteOutlinedIcon />
                </IconButton>
              </Box>
              {video ? <VideoPreview video={video} label={entry} /> : null}
            </Box>
          );
        })}
      </Box>
      <Box sx={{ mt: 1 }}>
        <Button
          startIcon={<AddIcon />}
          onClick={() => change([...rows, ...rowsOf([''])])}
          disabled={disabled || rows.length >= FORM_LIMITS.urls}
        >
          {t('forms.fill.list.add', { field: field.label })}
        </Button>
      </Box>
    </QuestionGroup>
  );
}
