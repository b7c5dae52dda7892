import type { OpportunityFieldsFragment, WizardLookupsQuery } from '../../../../gql/graphql';
import type { OpportunityDraft } from '../opportunity-draft';

/** Server messages by field name (`deadline_date`, `payment_options.0.cost`). */
export type FieldErrors = Partial<Record<string, string>>;

export interface StepProps {
  draft: OpportunityDraft;
  change: (patch: Partial<OpportunityDraft>) => void;
  errors: FieldErrors;
  lookups: WizardLookupsQuery;
  /** The opportunity as last saved; absent before the first save. */
  saved?: OpportunityFieldsFragment;
}
