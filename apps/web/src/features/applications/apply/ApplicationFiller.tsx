import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Answers, FormType } from '@encore/core';
import {
  MyApplicationDocument,
  SaveApplicationDocument,
  SubmitApplicationDocument,
  type ApplicationDetailFieldsFragment,
  type ApplyFormFieldsFragment,
  type ApplyOpportunityFieldsFragment,
  type PaymentOptionFieldsFragment,
} from '../../../gql/graphql';
import { validationMapOf, type ValidationMap } from '../../../lib/field-errors';
import { currentLocale } from '../../../lib/i18n';
import { FormError } from '../../auth/components/FormError';
import { ApplicationFormFields, type FormFile } from '../../forms/fill/ApplicationFormFields';
import { prefillAnswers, type PrefillProfile } from '../../forms/fill/prefill';
import { savableAnswers, validateAnswers } from '../../forms/fill/validate-answers';
import { hasPassed } from '../../opportunities/public/opportunity-dates';
import { PageSection } from '../components/PageSection';
import { answersOf, answersWithin, askedFields, filesOf, splitServerProblems } from './form-model';
import { PriceChoice } from './PriceChoice';
import { SaveStatus } from './SaveStatus';
import { TermsNotice } from './TermsNotice';
import { useAutosave } from './useAutosave';

interface Draft {
  answers: Answers;
  paymentOptionId: string | null;
}

interface ApplicationFillerProps {
  opportunity: ApplyOpportunityFieldsFragment;
  form: ApplyFormFieldsFragment;
  formType: FormType;
  /** The draft saved before, if any. */
  application: ApplicationDetailFieldsFragment | null;
  /** What the viewer's profile answers for them; null when it could not be read. */
  profile: PrefillProfile | null;
  /** Submission starts: the page will show the confirmation once the application is sent. */
  onSubmitting: (paymentOption: PaymentOptionFieldsFragment | null) => void;
  onSubmitFailed: () => void;
  /** The server says the page is out of date (closed, already sent…): reload what it shows. */
  onConflict: () => void;
}

/** A refusal that is not about the input: the opportunity or the application moved on. */
function isConflict(error: unknown): boolean {
  return (
    CombinedGraphQLErrors.is(error) &&
    error.errors.some((item) => item.extensions?.code === 'CONFLICT')
  );
}

/** The languages the organiser reads, named in the reader's language. */
function languageNames(codes: readonly string[], locale: string): string {
  const names = new Intl.DisplayNames([locale], { type: 'language', fallback: 'code' });
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    codes.map((code) => names.of(code) ?? code),
  );
}

/**
 * The application form being filled in: answers prefilled from the profile, the draft saved as
 * the applicant goes (only what the draft schema takes), the price chosen, and submission checked
 * with the same schema as the server before it is sent.
 */
export function ApplicationFiller({
  opportunity,
  form,
  formType,
  application,
  profile,
  onSubmitting,
  onSubmitFailed,
  onConflict,
}: ApplicationFillerProps) {
  const { t } = useTranslation('pages');
  const fields = useMemo(() => askedFields(form, formType), [form, formType]);
  const maxMembers = form.max_members;
  const [answers, setAnswers] = useState<Answers>(() => {
    // A saved answer is never replaced; answers to questions the form no longer asks are dropped,
    // as the server would refuse them.
    const saved = answersWithin(fields, answersOf(application?.answers));
    return profile ? prefillAnswers(fields, profile, saved, currentLocale()) : saved;
  });
  const [files, setFiles] = useState<Record<string, FormFile>>(() =>
    filesOf(application?.elements ?? []),
  );
  const options = opportunity.payment_type === 'FREE' ? [] : opportunity.payment_options;
  const [paymentOptionId, setPaymentOptionId] = useState<string | null>(() => {
    const open = options.filter((option) => !hasPassed(option.deadline_date));
    return open.length === 1 && open[0] ? open[0].id : null;
  });
  const [serverErrors, setServerErrors] = useState<ValidationMap>({});
  const [pageProblems, setPageProblems] = useState<string[]>([]);
  const [showErrors, setShowErrors] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const [priceMissing, setPriceMissing] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<unknown>(null);
  const priceGroup = useRef<HTMLFieldSetElement>(null);

  const [saveApplication] = useMutation(SaveApplicationDocument);
  const [submitApplication] = useMutation(SubmitApplicationDocument);

  const send = useCallback(
    async (draft: Draft) => {
      const result = await saveApplication({
        variables: {
          input: {
            opportunity_id: opportunity.id,
            form_type: formType,
            answers: draft.answers,
            payment_option_id: draft.paymentOptionId ?? undefined,
          },
        },
        // The first save starts the draft: the page's own question gets its answer at once.
        update: (cache, { data }) => {
          if (!data) return;
          cache.writeQuery({
            query: MyApplicationDocument,
            variables: { opportunity: opportunity.id },
            data: { myApplication: data.saveApplication },
          });
        },
      });
      if (!result.data) throw new Error('The application was not saved.');
      return result.data.saveApplication;
    },
    [saveApplication, opportunity.id, formType],
  );

  /** Shows what the server refused; says whether it was about the input. */
  const showRefusal = useCallback(
    (error: unknown): boolean => {
      const validation = validationMapOf(error);
      if (Object.keys(validation).length > 0) {
        const { answers: aboutAnswers, other } = splitServerProblems(validation, fields);
        setServerErrors(aboutAnswers);
        setPageProblems(Object.values(other).flat());
        return true;
      }
      if (isConflict(error)) onConflict();
      return false;
    },
    [fields, onConflict],
  );

  const autosave = useAutosave<Draft>(async (draft) => {
    try {
      await send({ ...draft, answers: savableAnswers(fields, draft.answers, maxMembers) });
      setPageProblems((current) => (current.length === 0 ? current : []));
    } catch (error) {
      showRefusal(error);
      throw error;
    }
  });
  const { schedule } = autosave;

  const changeAnswers = useCallback(
    (next: Answers) => {
      setAnswers(next);
      schedule({ answers: next, paymentOptionId });
    },
    [schedule, paymentOptionId],
  );
  const addFiles = useCallback(
    (added: FormFile[]) =>
      setFiles((current) => ({
        ...current,
        ...Object.fromEntries(added.map((file) => [file.id, file])),
      })),
    [],
  );
  const choosePrice = (optionId: string) => {
    setPaymentOptionId(optionId);
    setPriceMissing(false);
    schedule({ answers, paymentOptionId: optionId });
  };

  const submit = async () => {
    setShowErrors(true);
    setSubmitError(null);
    setPageProblems([]);
    const problems = validateAnswers(fields, answers, maxMembers);
    const missingPrice = options.length > 0 && paymentOptionId === null;
    setPriceMissing(missingPrice);
    if (Object.keys(problems).length > 0) {
      setFocusRequest((count) => count + 1);
      return;
    }
    if (missingPrice) {
      priceGroup.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
      return;
    }
    setSubmitting(true);
    const paymentOption = options.find((option) => option.id === paymentOptionId) ?? null;
    try {
      await autosave.settle();
      const saved = await send({ answers, paymentOptionId });
      onSubmitting(paymentOption);
      await submitApplication({ variables: { id: saved.id } });
    } catch (error) {
      onSubmitFailed();
      if (!showRefusal(error)) setSubmitError(error);
    } finally {
      setSubmitting(false);
    }
  };

  const languages = form.supported_languages;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {form.terms ? <TermsNotice terms={form.terms} /> : null}
      <PageSection title={t('applications.apply.answers.title')}>
        {languages.length > 0 ? (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('applications.apply.answers.languages', {
              languages: languageNames(languages, currentLocale()),
            })}
          </Typography>
        ) : null}
        {form.is_skipped ? (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('applications.apply.answers.skipped')}
          </Typography>
        ) : null}
        <Box onBlur={() => void autosave.flush()}>
          <ApplicationFormFields
            fields={fields}
            maxMembers={maxMembers}
            value={answers}
            onChange={changeAnswers}
            files={files}
            onFilesAdded={addFiles}
            errors={serverErrors}
            showErrors={showErrors}
            focusRequest={focusRequest}
            disabled={submitting}
            headingLevel={3}
          />
        </Box>
      </PageSection>
      {options.length > 0 ? (
        <PageSection title={t('applications.apply.price.title')}>
          <PriceChoice
            ref={priceGroup}
            options={options}
            value={paymentOptionId}
            onChange={choosePrice}
            error={priceMissing ? t('applications.apply.price.required') : null}
            disabled={submitting}
            timeZone={opportunity.time_zone}
          />
        </PageSection>
      ) : null}
      {pageProblems.length > 0 ? (
        <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
          {pageProblems.join('\n')}
        </Alert>
      ) : null}
      <FormError error={submitError} />
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <SaveStatus state={autosave.state} onRetry={() => void autosave.flush()} />
        <Box sx={{ display: 'grid', justifyItems: 'end', gap: 0.5 }}>
          <Button
            variant="contained"
            size="large"
            onClick={() => void submit()}
            disabled={submitting}
          >
            {submitting ? t('applications.apply.submitting') : t('applications.apply.submit')}
          </Button>
          {options.length > 0 || opportunity.is_paid ? (
            <Typography variant="body2" color="text.secondary">
              {t('applications.apply.paidHint')}
            </Typography>
          ) : null}
        </Box>
      </Box>
    </Box>
  );
}
