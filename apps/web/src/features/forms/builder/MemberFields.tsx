import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { FORM_LIMITS, type FormField } from '@encore/core';
import { LoadError } from '../../../components/PageStates';
import { useBuilder } from './builder-context';
import { FieldList } from './FieldList';
import { addMissingTemplates, missingTemplates } from './form-definition';

interface MemberFieldsProps {
  fields: FormField[];
  onChange: (fields: FormField[]) => void;
  /** Problems of the member fields as a whole (none, or a member field inside). */
  problems: string[];
}

/** The fields asked of each band member, edited like the form's own, and the defaults button. */
export function MemberFields({ fields, onChange, problems }: MemberFieldsProps) {
  const { t, i18n } = useTranslation('pages');
  const { disabled, memberDefaults } = useBuilder();
  const headingId = useId();
  const helpId = useId();
  const missing = missingTemplates(fields, memberDefaults.templates);
  const full = fields.length >= FORM_LIMITS.childFields;
  const addDefaults = () =>
    onChange(addMissingTemplates(fields, memberDefaults.templates, memberDefaults.labelOf));

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{
        display: 'grid',
        gap: 2,
        paddingInlineStart: 2,
        borderInlineStart: 2,
        borderColor: 'divider',
      }}
    >
      <Box>
        <Typography id={headingId} component="h4" variant="subtitle1">
          {t('forms.builder.members.heading')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('forms.builder.members.help')}
        </Typography>
      </Box>
      {problems.length > 0 ? (
        <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
          {problems.join('\n')}
        </Alert>
      ) : null}
      <FieldList fields={fields} onChange={onChange} nested />
      {memberDefaults.loading ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CircularProgress size={20} aria-hidden />
          <Typography variant="body2">{t('forms.builder.members.defaultsLoading')}</Typography>
        </Box>
      ) : memberDefaults.error ? (
        <LoadError error={memberDefaults.error} onRetry={memberDefaults.retry} />
      ) : (
        <Box>
          <Button
            startIcon={<PlaylistAddIcon />}
            onClick={addDefaults}
            disabled={disabled || full || missing.length === 0}
            aria-describedby={helpId}
          >
            {t('forms.builder.members.addDefaults')}
          </Button>
          <FormHelperText id={helpId}>
            {missing.length === 0
              ? t('forms.builder.members.defaultsPresent')
              : t('forms.builder.members.defaultsMissing', {
                  names: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
                    missing.map(memberDefaults.labelOf),
                  ),
                })}
          </FormHelperText>
        </Box>
      )}
    </Box>
  );
}
