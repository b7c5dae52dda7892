import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { useSnackbar } from '../../../lib/snackbar';
import { OpportunityGate } from '../components/OpportunityGate';
import { OpportunityEditor } from '../wizard/OpportunityEditor';
import type { WizardStep } from '../wizard/opportunity-draft';
import { useStepParam } from '../wizard/useStepParam';

/** What applicants rely on once an opportunity is out: its dates and places, and its prices. */
const UPDATE_STEPS: readonly WizardStep[] = ['schedule', 'payment'];

/**
 * /opportunity/{slug}/update: the quick update of a published opportunity's dates, place and
 * prices. Changing a rule applicants relied on (an earlier deadline, prices) asks first.
 */
export function OpportunityUpdatePage() {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const [step, setStep] = useStepParam('schedule', UPDATE_STEPS);
  return (
    <OpportunityGate page={t('opportunities.wizard.updateTitle')} requires="update">
      {(opportunity) => (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Alert
            severity="info"
            action={
              <Button
                color="inherit"
                component={RouterLink}
                to={`/opportunity/${opportunity.slug}/edit`}
              >
                {t('opportunities.wizard.updateAllFields')}
              </Button>
            }
          >
            {t('opportunities.wizard.updateIntro')}
          </Alert>
          <OpportunityEditor
            key={opportunity.id}
            mode="edit"
            opportunity={opportunity}
            steps={UPDATE_STEPS}
            step={step}
            onStepChange={setStep}
            onSaved={(saved) => {
              snackbar.success(t('opportunities.wizard.saved'));
              if (saved.slug !== opportunity.slug) {
                void navigate(`/opportunity/${saved.slug}/update?step=${step}`, { replace: true });
              }
            }}
            onPublished={(published) => void navigate(`/opportunity/${published.slug}/dashboard`)}
          />
        </Box>
      )}
    </OpportunityGate>
  );
}
