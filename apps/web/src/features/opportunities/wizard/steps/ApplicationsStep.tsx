import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import { APPROVAL_TYPES } from '@encore/core';
import type { ApprovalType } from '../../../../gql/graphql';
import type { StepProps } from './step-props';

/** How applications are decided and who can find the opportunity. */
export function ApplicationsStep({ draft, change, errors }: StepProps) {
  const { t } = useTranslation('pages');
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
    </Box>
  );
}
