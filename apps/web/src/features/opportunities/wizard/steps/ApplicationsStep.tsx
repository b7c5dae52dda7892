import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { APPROVAL_TYPES } from '@encore/core';
import type { ApprovalType } from '../../../../gql/graphql';
import { OpportunityFormsEditor } from '../../../forms/components/OpportunityFormsEditor';
import type { FormEdits } from '../../../forms/components/useFormEdits';
import type { StepProps } from './step-props';

interface ApplicationsStepProps extends StepProps {
  /** The application forms' changes, saved with the step. */
  forms: FormEdits;
}

/** How applications are decided, who can find the opportunity, and what applicants answer. */
export function ApplicationsStep({ draft, change, errors, saved, forms }: ApplicationsStepProps) {
  const { t } = useTranslation('pages');
  const formHeadingId = useId();
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <FormLabel id="approval-type-label">
          {t('opportunities.wizard.fields.approval_type')}
        </FormLabel>
        <RadioGroup
          aria-labelledby="approval-type-label"
          name="approval_type"
          value={draft.approval_type}
          onChange={(event) => change({ approval_type: event.target.value as ApprovalType })}
        >
          {APPROVAL_TYPES.map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio />}
              label={t(`opportunities.wizard.approval.${value}`)}
            />
          ))}
        </RadioGroup>
        {errors.approval_type ? (
          <FormHelperText error>{errors.approval_type}</FormHelperText>
        ) : null}
      </Box>
      <Box>
        <FormControlLabel
          control={
            <Switch
              name="blind_review"
              checked={draft.blind_review}
              onChange={(event) => change({ blind_review: event.target.checked })}
            />
          }
          label={t('opportunities.wizard.fields.blind_review')}
        />
        <FormHelperText error={Boolean(errors.blind_review)}>
          {errors.blind_review ?? t('opportunities.wizard.help.blind_review')}
        </FormHelperText>
      </Box>
      <Box>
        <FormControlLabel
          control={
            <Switch
              name="is_private"
              checked={draft.is_private}
              onChange={(event) => change({ is_private: event.target.checked })}
            />
          }
          label={t('opportunities.wizard.fields.is_private')}
        />
        <FormHelperText error={Boolean(errors.is_private)}>
          {errors.is_private ?? t('opportunities.wizard.help.is_private')}
        </FormHelperText>
      </Box>
      {saved ? (
        <Box
          component="section"
          aria-labelledby={formHeadingId}
          sx={{ display: 'grid', gap: 2, pt: 3, borderTop: 1, borderColor: 'divider' }}
        >
          <Box>
            <Typography id={formHeadingId} component="h3" variant="h6">
              {t('forms.page.wizard.heading')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('forms.page.wizard.intro')}
            </Typography>
          </Box>
          <OpportunityFormsEditor opportunityId={saved.id} forms={forms} />
        </Box>
      ) : null}
    </Box>
  );
}
