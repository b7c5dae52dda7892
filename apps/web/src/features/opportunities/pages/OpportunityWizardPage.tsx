import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BusinessIcon from '@mui/icons-material/Business';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import {
  OpportunityDocument,
  OrganisationDraftsDocument,
  WizardOrganisationsDocument,
  type OpportunityFieldsFragment,
} from '../../../gql/graphql';
import { formatDateTime } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';
import { OpportunityEditor } from '../wizard/OpportunityEditor';
import type { WizardStep } from '../wizard/opportunity-draft';
import { useStepParam } from '../wizard/useStepParam';

function usePublishedNotice() {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  return (published: OpportunityFieldsFragment) => {
    snackbar.success(t(`opportunities.wizard.published.${published.opp_status}`));
    void navigate(`/opportunity/${published.slug}/dashboard`);
  };
}

/** The organisation's drafts, to pick one up again. */
function DraftList({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('pages');
  const drafts = useQuery(OrganisationDraftsDocument, {
    variables: { organisation: organisationId },
  });
  if (drafts.error) return <LoadError error={drafts.error} onRetry={() => void drafts.refetch()} />;
  if (!drafts.data) return <LoadingBlock />;
  const list = drafts.data.organisationOpportunities;
  if (list.length === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="wizard-drafts" sx={{ p: 2 }}>
      <Typography id="wizard-drafts" variant="h6" component="h2">
        {t('opportunities.wizard.drafts.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('opportunities.wizard.drafts.hint')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {list.map((draft) => (
          <li key={draft.id}>
            <Link
              component={RouterLink}
              to={`/opportunity/wizard?draft=${encodeURIComponent(draft.slug)}`}
            >
              {draft.title}
            </Link>{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              {t('opportunities.wizard.drafts.started', { date: formatDateTime(draft.created_at) })}
            </Typography>
          </li>
        ))}
      </Box>
    </Paper>
  );
}

/** No draft yet: choose the organisation, pick up one of its drafts, or start with the basics. */
function StartDraft({
  step,
  onStepChange,
}: {
  step: WizardStep;
  onStepChange: (step: WizardStep) => void;
}) {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const [, , params, setParams] = useStepParam('basics');
  const onPublished = usePublishedNotice();
  const organisations = useQuery(WizardOrganisationsDocument);
  if (organisations.error) {
    return <LoadError error={organisations.error} onRetry={() => void organisations.refetch()} />;
  }
  if (!organisations.data) return <LoadingBlock />;
  const allowed = organisations.data.myOrganisations.filter(
    (item) => item.viewerCan.create_opportunity,
  );
  if (allowed.length === 0) {
    return (
      <EmptyState
        icon={<BusinessIcon fontSize="inherit" aria-hidden />}
        message={t('opportunities.wizard.noOrganisation')}
        hint={t('opportunities.wizard.noOrganisationHint')}
        action={{
          label: t('opportunities.wizard.createOrganisation'),
          to: '/organisations/create',
        }}
      />
    );
  }
  const asked = params.get('organisation');
  const organisation =
    allowed.find((item) => item.slug === asked || item.id === asked) ?? allowed[0]!;

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <TextField
        select
        id="wizard-organisation"
        label={t('opportunities.wizard.organisation')}
        value={organisation.id}
        onChange={(event) => {
          const chosen = allowed.find((item) => item.id === event.target.value);
          if (chosen) setParams({ organisation: chosen.slug }, { replace: true });
        }}
        helperText={t('opportunities.wizard.organisationHelp')}
        sx={{ maxWidth: 480 }}
      >
        {allowed.map((item) => (
          <MenuItem key={item.id} value={item.id}>
            {item.name}
          </MenuItem>
        ))}
      </TextField>
      <DraftList organisationId={organisation.id} />
      <OpportunityEditor
        key={organisation.id}
        mode="wizard"
        organisationId={organisation.id}
        step={step === 'basics' ? step : 'basics'}
        onStepChange={onStepChange}
        onSaved={(saved) =>
          void navigate(
            `/opportunity/wizard?draft=${encodeURIComponent(saved.slug)}&step=schedule`,
            {
              replace: true,
            },
          )
        }
        onPublished={onPublished}
      />
    </Box>
  );
}

/** A saved draft, from `?draft=slug`: the address keeps the step, so a reload resumes it. */
function ResumeDraft({
  slug,
  step,
  onStepChange,
}: {
  slug: string;
  step: WizardStep;
  onStepChange: (step: WizardStep) => void;
}) {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const onPublished = usePublishedNotice();
  const query = useQuery(OpportunityDocument, { variables: { slug } });
  const opportunity = query.data?.opportunity;
  if (query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!opportunity && query.loading) return <LoadingBlock />;
  if (!opportunity) {
    return (
      <EmptyState
        icon={<EventBusyOutlinedIcon fontSize="inherit" aria-hidden />}
        message={t('opportunities.gate.notFound')}
        hint={t('opportunities.wizard.draftGone')}
        action={{ label: t('opportunities.wizard.startOver'), to: '/opportunity/wizard' }}
      />
    );
  }
  if (!opportunity.viewerCan.update) {
    return (
      <EmptyState
        icon={<LockOutlinedIcon fontSize="inherit" aria-hidden />}
        message={t('opportunities.gate.noAccess')}
        hint={t('opportunities.gate.noAccessHint')}
      />
    );
  }
  return (
    <OpportunityEditor
      key={opportunity.id}
      mode="wizard"
      opportunity={opportunity}
      step={step}
      onStepChange={onStepChange}
      onSaved={(saved) => {
        if (saved.slug !== slug) {
          void navigate(
            `/opportunity/wizard?draft=${encodeURIComponent(saved.slug)}&step=${step}`,
            {
              replace: true,
            },
          );
        }
      }}
      onPublished={onPublished}
    />
  );
}

/** /opportunity/wizard: a new opportunity step by step, saved as a draft at every step. */
export function OpportunityWizardPage() {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const [step, setStep, params] = useStepParam('basics');
  const draft = params.get('draft');
  const title = t('opportunities.wizard.title');
  return (
    <PageFrame
      title={title}
      breadcrumbs={[
        { label: tc('nav.opportunities'), to: '/opportunities/review' },
        { label: title },
      ]}
    >
      {draft ? (
        <ResumeDraft slug={draft} step={step} onStepChange={setStep} />
      ) : (
        <StartDraft step={step} onStepChange={setStep} />
      )}
    </PageFrame>
  );
}
