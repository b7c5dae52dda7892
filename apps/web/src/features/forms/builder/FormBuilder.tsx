import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ApplicationFormDefinition, FormField } from '@encore/core';
import { BuilderContext, type BuilderContextValue } from './builder-context';
import { FieldList } from './FieldList';
import { memberTemplates } from './form-definition';
import {
  formProblems,
  mergeProblems,
  sameProblems,
  schemaProblems,
  serverProblems,
} from './form-errors';
import { FormSettings } from './FormSettings';
import { useFormSections } from './useFormSections';

export interface FormBuilderProps {
  value: ApplicationFormDefinition;
  onChange: (next: ApplicationFormDefinition) => void;
  /**
   * The server's validation map of the last save, keyed by input path (`input.fields.3.label`);
   * each message is shown next to the field it names. Pass a new object with each answer.
   */
  errors?: Record<string, string[]>;
  disabled?: boolean;
}

/**
 * The organiser's editor of one application form (controlled): its fields in order, each field's
 * settings, and the form's settings. The schema's problems show as the organiser types, next to
 * the field they concern, together with the server's.
 */
export function FormBuilder({ value, onChange, errors, disabled = false }: FormBuilderProps) {
  const { t } = useTranslation('pages');
  const fieldsHeadingId = useId();
  const settingsHeadingId = useId();
  const sections = useFormSections('BANDS', { skip: value.type !== 'GENERAL' });

  // Server paths count positions: place them on the fields as they were when the answer came,
  // so that moving a field afterwards keeps its message with it.
  const [server, setServer] = useState(() => ({ errors, problems: serverProblems(errors, value) }));
  if (server.errors !== errors) {
    setServer({ errors, problems: serverProblems(errors, value) });
  }

  const found = useMemo(
    () => mergeProblems(schemaProblems(value, t), server.problems),
    [value, t, server.problems],
  );
  // Most edits change no problem; keeping the same map then keeps the untouched cards as drawn.
  const [problems, setProblems] = useState(found);
  if (problems !== found && !sameProblems(problems, found)) setProblems(found);
  const templates = useMemo(
    () => (sections.sections ? memberTemplates(sections.sections) : []),
    [sections.sections],
  );
  const context = useMemo<BuilderContextValue>(
    () => ({
      formType: value.type,
      disabled,
      problems,
      memberDefaults: {
        templates,
        loading: sections.loading,
        error: sections.error,
        retry: sections.refetch,
        labelOf: sections.labelOf,
      },
    }),
    [
      value.type,
      disabled,
      problems,
      templates,
      sections.loading,
      sections.error,
      sections.refetch,
      sections.labelOf,
    ],
  );

  const formLevel = [...formProblems(problems, 'fields'), ...formProblems(problems, 'type')];
  const setFields = (fields: FormField[]) => onChange({ ...value, fields });

  return (
    <BuilderContext value={context}>
      <Box sx={{ display: 'grid', gap: 4 }}>
        <Box component="section" aria-labelledby={fieldsHeadingId} sx={{ display: 'grid', gap: 2 }}>
          <Box>
            <Typography id={fieldsHeadingId} component="h3" variant="h6">
              {t('forms.builder.fieldsHeading')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(`forms.builder.fieldsHelp.${value.type}`)}
            </Typography>
          </Box>
          {value.is_skipped ? (
            <Alert severity="info">{t('forms.builder.skippedNotice')}</Alert>
          ) : null}
          {formLevel.length > 0 ? (
            <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
              {formLevel.join('\n')}
            </Alert>
          ) : null}
          <FieldList fields={value.fields} onChange={setFields} nested={false} />
        </Box>
        <Box
          component="section"
          aria-labelledby={settingsHeadingId}
          sx={{ display: 'grid', gap: 2 }}
        >
          <Typography id={settingsHeadingId} component="h3" variant="h6">
            {t('forms.builder.settingsHeading')}
          </Typography>
          <FormSettings value={value} onChange={(patch) => onChange({ ...value, ...patch })} />
        </Box>
      </Box>
    </BuilderContext>
  );
}
