import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { OPPORTUNITY_LIMITS, OPPORTUNITY_TYPES } from '@encore/core';
import { RichTextEditor } from '../RichTextEditor';
import { ChoiceChips } from './ChoiceChips';
import type { StepProps } from './step-props';

/** Title, address, summary, description and kinds. */
export function BasicsStep({ draft, change, errors }: StepProps) {
  const { t } = useTranslation('pages');
  const f = (key: string) => t(`opportunities.wizard.fields.${key}`);
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <TextField
        id="opportunity-title"
        name="title"
        label={f('title')}
        required
        value={draft.title}
        onChange={(event) => change({ title: event.target.value })}
        error={Boolean(errors.title)}
        helperText={errors.title ?? t('opportunities.wizard.help.title')}
        slotProps={{ htmlInput: { maxLength: OPPORTUNITY_LIMITS.titleMax } }}
      />
      <TextField
        id="opportunity-slug"
        name="slug"
        label={f('slug')}
        value={draft.slug}
        onChange={(event) => change({ slug: event.target.value.toLowerCase() })}
        error={Boolean(errors.slug)}
        helperText={errors.slug ?? t('opportunities.wizard.help.slug')}
        slotProps={{
          htmlInput: { maxLength: OPPORTUNITY_LIMITS.slugMax },
          input: {
            startAdornment: <InputAdornment position="start">/opportunity/</InputAdornment>,
          },
        }}
      />
      <TextField
        id="opportunity-summary"
        name="summary"
        label={f('summary')}
        multiline
        minRows={2}
        value={draft.summary}
        onChange={(event) => change({ summary: event.target.value })}
        error={Boolean(errors.summary)}
        helperText={
          errors.summary ??
          t('opportunities.wizard.help.summary', {
            length: draft.summary.length,
            max: OPPORTUNITY_LIMITS.summaryMax,
          })
        }
        slotProps={{ htmlInput: { maxLength: OPPORTUNITY_LIMITS.summaryMax } }}
      />
      <RichTextEditor
        id="opportunity-description"
        label={f('description')}
        value={draft.description}
        onChange={(description) => change({ description })}
        error={errors.description}
        helperText={t('opportunities.wizard.help.description')}
      />
      <ChoiceChips
        label={f('types')}
        options={OPPORTUNITY_TYPES.map((value) => ({
          value,
          label: t(`opportunities.types.${value}`),
        }))}
        selected={draft.types}
        onChange={(types) => change({ types })}
        max={OPPORTUNITY_LIMITS.typesMax}
        error={errors.types}
        helperText={t('opportunities.wizard.help.types', { max: OPPORTUNITY_LIMITS.typesMax })}
      />
    </Box>
  );
}
