import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { OpportunityFieldsFragment } from '../../../gql/graphql';
import { useSnackbar } from '../../../lib/snackbar';
import { OpportunityGate } from '../../opportunities/components/OpportunityGate';
import { OpportunityFormsEditor } from '../components/OpportunityFormsEditor';
import { UnsavedChangesGuard } from '../components/UnsavedChangesGuard';
import { useFormEdits } from '../components/useFormEdits';
import { formTabsOf } from '../form-api';

function FormsOfOpportunity({ opportunity }: { opportunity: OpportunityFieldsFragment }) {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const snackbar = useSnackbar();
  const types = useMemo(() => formTabsOf(opportunity.target), [opportunity.target]);
  const forms = useFormEdits(opportunity.id, types);
  const canEdit = opportunity.viewerCan.update;

  const save = async () => {
    if (await forms.save()) snackbar.success(t('forms.page.saved'));
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
        }}
      >
        <Typography color="text.secondary" sx={{ flex: '1 1 20rem' }}>
          {t('forms.page.intro')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button component={RouterLink} to={`/opportunity/${opportunity.slug}/dashboard`}>
            {tc('app.opportunities.backToDashboard')}
          </Button>
          {canEdit ? (
            <Button
              variant="contained"
              onClick={() => void save()}
              disabled={!forms.dirty || forms.saving}
            >
              {forms.saving ? t('forms.page.saving') : t('forms.page.save')}
            </Button>
          ) : null}
        </Box>
      </Box>
      {canEdit ? null : <Alert severity="info">{t('forms.page.readOnly')}</Alert>}
      <OpportunityFormsEditor opportunityId={opportunity.id} forms={forms} disabled={!canEdit} />
      <UnsavedChangesGuard when={forms.dirty} />
    </Box>
  );
}

/** /opportunity/{slug}/form: the opportunity's application forms, for its team to edit or read. */
export function OpportunityFormPage() {
  const { t } = useTranslation('pages');
  return (
    <OpportunityGate
      page={t('forms.page.title')}
      requires="view_team"
      parent={(opportunity) => ({
        label: t('opportunities.dashboard.title'),
        to: `/opportunity/${opportunity.slug}/dashboard`,
      })}
    >
      {(opportunity) => <FormsOfOpportunity key={opportunity.id} opportunity={opportunity} />}
    </OpportunityGate>
  );
}
