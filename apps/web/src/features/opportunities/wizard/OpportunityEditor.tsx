import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { OPPORTUNITY_LIMITS } from '@encore/core';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import {
  PublishOpportunityDocument,
  WizardLookupsDocument,
  type OpportunityFieldsFragment,
} from '../../../gql/graphql';
import { validationMapOf } from '../../../lib/field-errors';
import { FormError } from '../../auth/components/FormError';
import { UnsavedChangesGuard } from '../../forms/components/UnsavedChangesGuard';
import { useFormEdits } from '../../forms/components/useFormEdits';
import { formTabsOf } from '../../forms/form-api';
import { ConfirmDialog } from '../../organisations/components/ConfirmDialog';
import {
  WIZARD_STEPS,
  draftFrom,
  emptyDraft,
  stepInput,
  type OpportunityDraft,
  type WizardStep,
} from './opportunity-draft';
import { ApplicationsStep } from './steps/ApplicationsStep';
import { AudienceStep } from './steps/AudienceStep';
import { BasicsStep } from './steps/BasicsStep';
import { MediaStep } from './steps/MediaStep';
import { PaymentStep, paymentProblems } from './steps/PaymentStep';
import { ReviewStep } from './steps/ReviewStep';
import { ScheduleStep } from './steps/ScheduleStep';
import type { FieldErrors, StepProps } from './steps/step-props';
import { useOpportunitySave } from './useOpportunitySave';

interface OpportunityEditorProps {
  /** `wizard`: save and go on, step by step; `edit`: save each step in place, in any order. */
  mode: 'wizard' | 'edit';
  /** The saved opportunity; absent until the wizard's first step creates the draft. */
  opportunity?: OpportunityFieldsFragment;
  /** The organisation a new draft belongs to. */
  organisationId?: string;
  step: WizardStep;
  /** The steps offered; all of the wizard's by default. */
  steps?: readonly WizardStep[];
  onStepChange: (step: WizardStep) => void;
  /** After every successful save (`created` on the first one of a new draft). */
  onSaved: (opportunity: OpportunityFieldsFragment, created: boolean) => void;
  onPublished: (opportunity: OpportunityFieldsFragment) => void;
}

/** Problems the browser can name before asking the server. */
function clientProblems(step: WizardStep, draft: OpportunityDraft): FieldErrors {
  if (step === 'basics' && draft.title.trim().length < OPPORTUNITY_LIMITS.titleMin) {
    return { title: 'title' };
  }
  if (step === 'payment') return paymentProblems(draft);
  return {};
}

/** The opportunity's fields in the wizard's steps; shared by the wizard and the editor. */
export function OpportunityEditor({
  mode,
  opportunity,
  organisationId,
  step,
  steps = WIZARD_STEPS,
  onStepChange,
  onSaved,
  onPublished,
}: OpportunityEditorProps) {
  const { t } = useTranslation('pages');
  const lookups = useQuery(WizardLookupsDocument);
  const [draft, setDraft] = useState<OpportunityDraft>(() =>
    opportunity ? draftFrom(opportunity) : emptyDraft(),
  );
  const [problems, setProblems] = useState<FieldErrors>({});
  const [uploads, setUploads] = useState(0);
  const saving = useOpportunitySave(organisationId);
  const [publish, publishing] = useMutation(PublishOpportunityDocument);
  // The server takes the forms of the saved target only, whatever the audience step now holds.
  const savedTarget = opportunity?.target;
  const formTypes = useMemo(() => formTabsOf(savedTarget ?? []), [savedTarget]);
  const forms = useFormEdits(opportunity?.id, formTypes);

  if (lookups.error)
    return <LoadError error={lookups.error} onRetry={() => void lookups.refetch()} />;
  if (!lookups.data) return <LoadingBlock />;

  const index = steps.indexOf(step);
  const next = steps[index + 1];
  const previous = steps[index - 1];
  const change = (patch: Partial<OpportunityDraft>) =>
    setDraft((current) => ({ ...current, ...patch }));
  const titleProblem =
    problems.title === 'title'
      ? t('opportunities.wizard.problems.title', { min: OPPORTUNITY_LIMITS.titleMin })
      : undefined;
  const errors: FieldErrors = {
    ...saving.fieldErrors,
    ...problems,
    ...(titleProblem ? { title: titleProblem } : {}),
  };

  const afterSave = (saved: OpportunityFieldsFragment | null) => {
    if (!saved) return;
    setDraft(draftFrom(saved));
    onSaved(saved, !opportunity);
    // A new draft's page moves on by itself: its address changes to the draft's.
    if (mode === 'wizard' && opportunity && next) onStepChange(next);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = clientProblems(step, draft);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found)[0];
      if (first) document.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`)?.focus();
      return;
    }
    // The forms go first: a form left unsaved keeps the step open, with its problems marked.
    if (step === 'applications' && !(await forms.save())) return;
    afterSave(await saving.save(opportunity, stepInput(step, draft), draft.time_zone));
  };

  const runPublish = async () => {
    if (!opportunity) return;
    try {
      const result = await publish({ variables: { id: opportunity.id } });
      if (result.data) onPublished(result.data.publishOpportunity);
    } catch {
      // The refusal is shown from `publishing.error` below.
    }
  };

  const stepProps: StepProps = { draft, change, errors, lookups: lookups.data, saved: opportunity };
  const body = (() => {
    switch (step) {
      case 'basics':
        return <BasicsStep {...stepProps} />;
      case 'schedule':
        return <ScheduleStep {...stepProps} />;
      case 'audience':
        return <AudienceStep {...stepProps} />;
      case 'media':
        return (
          <MediaStep
            {...stepProps}
            onUploadingChange={(busy) => setUploads((count) => count + (busy ? 1 : -1))}
          />
        );
      case 'applications':
        return <ApplicationsStep {...stepProps} forms={forms} />;
      case 'payment':
        return <PaymentStep {...stepProps} />;
      case 'review':
        return opportunity ? (
          <ReviewStep
            opportunity={opportunity}
            problems={validationMapOf(publishing.error)}
            onGoTo={onStepChange}
            onPublish={() => void runPublish()}
            publishing={publishing.loading}
          />
        ) : null;
    }
  })();
  const publishRefusal =
    publishing.error && Object.keys(validationMapOf(publishing.error)).length === 0
      ? publishing.error
      : null;

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Stepper
        nonLinear={Boolean(opportunity)}
        activeStep={index}
        alternativeLabel
        sx={{ overflowX: 'auto', pb: 1 }}
      >
        {steps.map((candidate) => (
          <Step key={candidate} completed={false} disabled={!opportunity && candidate !== 'basics'}>
            <StepButton onClick={() => onStepChange(candidate)}>
              {t(`opportunities.wizard.steps.${candidate}`)}
            </StepButton>
          </Step>
        ))}
      </Stepper>
      <Paper
        variant="outlined"
        component="form"
        noValidate
        onSubmit={(event) => void submit(event)}
        sx={{ p: { xs: 2, md: 3 } }}
      >
        <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
          {t(`opportunities.wizard.steps.${step}`)}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t(`opportunities.wizard.intro.${step}`)}
        </Typography>
        <FormError
          error={saving.error && Object.keys(saving.fieldErrors).length === 0 ? saving.error : null}
        />
        <FormError error={publishRefusal} />
        {body}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 4 }}>
          {previous ? (
            <Button onClick={() => onStepChange(previous)} disabled={saving.saving}>
              {t('opportunities.wizard.actions.back')}
            </Button>
          ) : null}
          <Box sx={{ flex: 1 }} />
          {step !== 'review' ? (
            <Button
              type="submit"
              variant="contained"
              disabled={saving.saving || forms.saving || uploads > 0}
            >
              {saving.saving || forms.saving
                ? t('opportunities.wizard.actions.saving')
                : mode === 'wizard'
                  ? t('opportunities.wizard.actions.saveAndContinue')
                  : t('opportunities.wizard.actions.save')}
            </Button>
          ) : null}
        </Box>
      </Paper>
      <UnsavedChangesGuard when={forms.dirty} />
      <ConfirmDialog
        open={saving.pendingConfirmation !== null}
        title={t('opportunities.wizard.confirm.title')}
        confirmLabel={t('opportunities.wizard.confirm.action')}
        onCancel={saving.cancelConfirmation}
        onConfirm={() => void saving.confirm().then(afterSave)}
      >
        <Typography sx={{ mb: 1 }}>{saving.pendingConfirmation?.message}</Typography>
        <Typography color="text.secondary">{t('opportunities.wizard.confirm.body')}</Typography>
      </ConfirmDialog>
    </Box>
  );
}
