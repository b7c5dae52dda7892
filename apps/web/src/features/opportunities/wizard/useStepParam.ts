import { useSearchParams } from 'react-router';
import { isWizardStep, type WizardStep } from './opportunity-draft';

/** The editor's step lives in the address (`?step=payment`), so a reload comes back to it. */
export function useStepParam(first: WizardStep, allowed?: readonly WizardStep[]) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('step');
  const step = isWizardStep(asked) && (!allowed || allowed.includes(asked)) ? asked : first;
  const setStep = (next: WizardStep) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('step', next);
        return updated;
      },
      { replace: false },
    );
  return [step, setStep, params, setParams] as const;
}
