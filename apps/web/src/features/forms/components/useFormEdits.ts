import { useCallback, useMemo, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { applicationFormSchema, type ApplicationFormDefinition, type FormType } from '@encore/core';
import { OpportunityFormDocument, SaveApplicationFormDocument } from '../../../gql/graphql';
import { validationMapOf, type ValidationMap } from '../../../lib/field-errors';
import { saveInputOf } from '../form-api';

type ByType<T> = Partial<Record<FormType, T>>;

export interface FormEdits {
  /** The form types being edited, in the order they are shown. */
  types: readonly FormType[];
  /** The organiser's changes not saved yet; a form without changes shows as loaded. */
  edits: ByType<ApplicationFormDefinition>;
  /** The server's validation messages of the last save of each form. */
  errors: ByType<ValidationMap>;
  /** Edited forms the shared schema refuses: nothing is sent while there is one. */
  invalid: FormType[];
  /** Forms the last save attempt left unsaved (refused here or by the server). */
  failed: FormType[];
  /** A refusal of the last save that is not about a field (network, permission). */
  failure: unknown;
  /** Counts save attempts that left something unsaved, so the screen can point at it again. */
  attempt: number;
  dirty: boolean;
  saving: boolean;
  change: (type: FormType, value: ApplicationFormDefinition) => void;
  /** Saves every edited form; true when nothing is left unsaved. */
  save: () => Promise<boolean>;
}

/**
 * The team's unsaved changes to an opportunity's application forms, one per form type, and their
 * saving. Each form is saved whole; a saved form replaces the loaded one in the cache, so the
 * editor shows what the server kept.
 */
export function useFormEdits(
  opportunityId: string | undefined,
  types: readonly FormType[],
): FormEdits {
  const [edits, setEdits] = useState<ByType<ApplicationFormDefinition>>({});
  const [errors, setErrors] = useState<ByType<ValidationMap>>({});
  const [failed, setFailed] = useState<FormType[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [saving, setSaving] = useState(false);
  const [saveForm] = useMutation(SaveApplicationFormDocument);

  // A type the opportunity no longer takes is neither shown nor saved: the server refuses it.
  const edited = useMemo(() => types.filter((type) => edits[type] !== undefined), [types, edits]);
  const invalid = useMemo(
    () => edited.filter((type) => !applicationFormSchema.safeParse(edits[type]).success),
    [edited, edits],
  );

  const change = useCallback((type: FormType, value: ApplicationFormDefinition) => {
    setEdits((current) => ({ ...current, [type]: value }));
  }, []);

  const saveOne = async (id: string, type: FormType, form: ApplicationFormDefinition) => {
    try {
      await saveForm({
        variables: { input: saveInputOf(id, form) },
        update: (cache, { data }) => {
          if (!data) return;
          cache.writeQuery({
            query: OpportunityFormDocument,
            variables: { opportunity: id, type },
            data: { opportunityForm: data.saveApplicationForm },
          });
          // Other pages read the forms through the opportunity or the apply page's query.
          const opportunity = cache.identify({ __typename: 'Opportunity', id });
          cache.evict({ id: opportunity, fieldName: 'forms' });
          cache.evict({ id: opportunity, fieldName: 'form' });
          cache.evict({ id: 'ROOT_QUERY', fieldName: 'applicationForm' });
        },
      });
      setEdits((current) => {
        const { [type]: _saved, ...rest } = current;
        return rest;
      });
      setErrors((current) => ({ ...current, [type]: undefined }));
      return { type, ok: true, error: null };
    } catch (caught) {
      const validation = validationMapOf(caught);
      const fieldLevel = Object.keys(validation).length > 0;
      setErrors((current) => ({ ...current, [type]: fieldLevel ? validation : undefined }));
      return { type, ok: false, error: fieldLevel ? null : caught };
    }
  };

  const save = async (): Promise<boolean> => {
    setFailure(null);
    if (invalid.length > 0) {
      setFailed(invalid);
      setAttempt((count) => count + 1);
      return false;
    }
    if (!opportunityId || edited.length === 0) {
      setFailed([]);
      return true;
    }
    setSaving(true);
    try {
      const results = await Promise.all(
        edited.map((type) => saveOne(opportunityId, type, edits[type]!)),
      );
      const unsaved = results.filter((result) => !result.ok);
      setFailed(unsaved.map((result) => result.type));
      setFailure(unsaved.find((result) => result.error !== null)?.error ?? null);
      if (unsaved.length > 0) setAttempt((count) => count + 1);
      return unsaved.length === 0;
    } finally {
      setSaving(false);
    }
  };

  return {
    types,
    edits,
    errors,
    invalid,
    failed,
    failure,
    attempt,
    dirty: edited.length > 0,
    saving,
    change,
    save,
  };
}
