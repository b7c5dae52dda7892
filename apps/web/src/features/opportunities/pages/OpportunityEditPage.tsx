import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSnackbar } from '../../../lib/snackbar';
import { OpportunityGate } from '../components/OpportunityGate';
import { OpportunityEditor } from '../wizard/OpportunityEditor';
import { useStepParam } from '../wizard/useStepParam';

/** /opportunity/{slug}/edit: every field, in the wizard's steps, each saved on its own. */
export function OpportunityEditPage() {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const [step, setStep] = useStepParam('basics');
  return (
    <OpportunityGate page={t('opportunities.wizard.editTitle')} requires="update">
      {(opportunity) => (
        <OpportunityEditor
          key={opportunity.id}
          mode="edit"
          opportunity={opportunity}
          step={step}
          onStepChange={setStep}
          onSaved={(saved) => {
            snackbar.success(t('opportunities.wizard.saved'));
            if (saved.slug !== opportunity.slug) {
              void navigate(`/opportunity/${saved.slug}/edit?step=${step}`, { replace: true });
            }
          }}
          onPublished={(published) => {
            snackbar.success(t(`opportunities.wizard.published.${published.opp_status}`));
            void navigate(`/opportunity/${published.slug}/dashboard`);
          }}
        />
      )}
    </OpportunityGate>
  );
}
