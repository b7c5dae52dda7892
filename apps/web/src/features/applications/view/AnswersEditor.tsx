import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useMutation } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Answers } from '@encore/core';
import {
  SaveApplicationDocument,
  type ApplicationDetailFieldsFragment,
  type ApplyFormFieldsFragment,
} from '../../../gql/graphql';
import { validationMapOf, type ValidationMap } from '../../../lib/field-errors';
import { useSnackbar } from '../../../lib/snackbar';
import { FormError } from '../../auth/components/FormError';
import { ApplicationFormFields, type FormFile } from '../../forms/fill/ApplicationFormFields';
import { validateAnswers } from '../../forms/fill/validate-answers';
import {
  answersOf,
  answersOutside,
  answersWithin,
  askedFields,
  filesOf,
  splitServerProblems,
} from '../apply/form-model';
import { PageSection } from '../components/PageSection';

interface AnswersEditorProps {
  application: ApplicationDetailFieldsFragment;
  form: ApplyFormFieldsFragment;
}

/**
 * Changes the answers of a sent application. It stays complete: every required answer is checked
 * before saving, and the server checks again against the form the application was sent with.
 */
export function AnswersEditor({ application, form }: AnswersEditorProps) {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const fields = useMemo(
    () => askedFields(form, application.form_type),
    [form, application.form_type],
  );
  // Answers to questions the form has dropped since are sent back untouched.
  const [kept] = useState(() => answersOutside(fields, answersOf(application.answers)));
  const [answers, setAnswers] = useState<Answers>(() =>
    answersWithin(fields, answersOf(application.answers)),
  );
  const [files, setFiles] = useState<Record<string, FormFile>>(() => filesOf(application.elements));
  const [serverErrors, setServerErrors] = useState<ValidationMap>({});
  const [pageProblems, setPageProblems] = useState<string[]>([]);
  const [showErrors, setShowErrors] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const [error, setError] = useState<unknown>(null);
  const [save, { loading }] = useMutation(SaveApplicationDocument);
  const addFiles = useCallback(
    (added: FormFile[]) =>
      setFiles((current) => ({
        ...current,
        ...Object.fromEntries(added.map((file) => [file.id, file])),
      })),
    [],
  );

  const submit = async () => {
    setShowErrors(true);
    setError(null);
    setPageProblems([]);
    if (Object.keys(validateAnswers(fields, answers, form.max_members)).length > 0) {
      setFocusRequest((count) => count + 1);
      return;
    }
    try {
      await save({
        variables: {
          input: {
            opportunity_id: application.opportunity.id,
            form_type: application.form_type,
            answers: { ...kept, ...answers },
          },
        },
      });
      snackbar.success(t('applications.edit.saved'));
      void navigate(`/application/${application.id}`);
    } catch (caught) {
      const validation = validationMapOf(caught);
      if (Object.keys(validation).length === 0) {
        setError(caught);
        return;
      }
      const { answers: aboutAnswers, other } = splitServerProblems(validation, fields);
      setServerErrors(aboutAnswers);
      setPageProblems(Object.values(other).flat());
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <PageSection title={t('applications.apply.answers.title')}>
        <ApplicationFormFields
          fields={fields}
          maxMembers={form.max_members}
          value={answers}
          onChange={setAnswers}
          files={files}
          onFilesAdded={addFiles}
          errors={serverErrors}
          showErrors={showErrors}
          focusRequest={focusRequest}
          disabled={loading}
          headingLevel={3}
        />
      </PageSection>
      {pageProblems.length > 0 ? (
        <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
          {pageProblems.join('\n')}
        </Alert>
      ) : null}
      <FormError error={error} />
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to={`/application/${application.id}`} disabled={loading}>
          {t('applications.edit.cancel')}
        </Button>
        <Button variant="contained" size="large" onClick={() => void submit()} disabled={loading}>
          {loading ? t('applications.edit.saving') : t('applications.edit.save')}
        </Button>
      </Box>
    </Box>
  );
}
