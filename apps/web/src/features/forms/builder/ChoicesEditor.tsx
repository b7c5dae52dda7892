import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { FORM_LIMITS } from '@encore/core';

interface ChoicesEditorProps {
  choices: readonly string[];
  onChange: (choices: string[]) => void;
  /** Problems of the list as a whole, and of each choice by position. */
  problems: string[];
  choiceProblems: (index: number) => string[];
  disabled: boolean;
}

/** The options of a list field: typed one per line, moved with buttons, removed one by one. */
export function ChoicesEditor({
  choices,
  onChange,
  problems,
  choiceProblems,
  disabled,
}: ChoicesEditorProps) {
  const { t } = useTranslation('pages');
  const labelId = useId();
  const inputId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  // Focus follows the choice a button acted on, once React has drawn the new list.
  const focusLater = (selector: string) =>
    requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>(selector)?.focus());
  const focusChoice = (index: number) => focusLater(`[data-choice="${index}"] input`);
  const set = (index: number, text: string) =>
    onChange(choices.map((choice, at) => (at === index ? text : choice)));
  const move = (index: number, to: number) => {
    const next = [...choices];
    const [moved] = next.splice(index, 1);
    next.splice(to, 0, moved!);
    onChange(next);
    const atEdge = to === 0 || to === next.length - 1;
    const direction = to < index ? 'up' : 'down';
    const button = atEdge ? (direction === 'up' ? 'down' : 'up') : direction;
    focusLater(`[data-choice="${to}"] [data-action="${button}"]`);
  };
  const remove = (index: number) => {
    onChange(choices.filter((_choice, at) => at !== index));
    focusChoice(Math.max(0, index - 1));
  };
  const add = () => {
    onChange([...choices, '']);
    focusChoice(choices.length);
  };
  const full = choices.length >= FORM_LIMITS.choices;
  return (
    <Box role="group" aria-labelledby={labelId} sx={{ display: 'grid', gap: 1 }}>
      <FormLabel id={labelId} component="div" error={problems.length > 0}>
        {t('forms.builder.choices.label')}
      </FormLabel>
      <Box
        component="ol"
        ref={listRef}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
      >
        {choices.map((choice, index) => {
          const number = index + 1;
          const own = choiceProblems(index);
          return (
            <Box
              component="li"
              key={index}
              data-choice={index}
              sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}
            >
              <TextField
                id={`${inputId}-${index}`}
                size="small"
                fullWidth
                label={t('forms.builder.choices.choice', { number })}
                value={choice}
                disabled={disabled}
                onChange={(event) => set(index, event.target.value)}
                error={own.length > 0}
                helperText={own.length > 0 ? own.join(' ') : undefined}
                slotProps={{ htmlInput: { maxLength: FORM_LIMITS.choiceLength } }}
              />
              <IconButton
                data-action="up"
                aria-label={t('forms.builder.choices.moveUp', { number })}
                disabled={disabled || index === 0}
                onClick={() => move(index, index - 1)}
              >
                <ArrowUpwardIcon fontSize="small" />
              </IconButton>
              <IconButton
                data-action="down"
                aria-label={t('forms.builder.choices.moveDown', { number })}
                disabled={disabled || index === choices.length - 1}
                onClick={() => move(index, index + 1)}
              >
                <ArrowDownwardIcon fontSize="small" />
              </IconButton>
              <IconButton
                aria-label={t('forms.builder.choices.remove', { number })}
                disabled={disabled}
                onClick={() => remove(index)}
              >
                <DeleteOutlinedIcon fontSize="small" />
              </IconButton>
            </Box>
          );
        })}
      </Box>
      {problems.length > 0 ? <FormHelperText error>{problems.join(' ')}</FormHelperText> : null}
      <Button
        startIcon={<AddIcon />}
        onClick={add}
        disabled={disabled || full}
        sx={{ justifySelf: 'start' }}
      >
        {t('forms.builder.choices.add')}
      </Button>
    </Box>
  );
}
