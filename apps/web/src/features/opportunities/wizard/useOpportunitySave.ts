import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import {
  CreateOpportunityDocument,
  UpdateOpportunityDocument,
  type OpportunityFieldsFragment,
  type UpdateOpportunityInput,
} from '../../../gql/graphql';
import { validationMapOf } from '../../../lib/field-errors';
import type { FieldErrors } from './steps/step-props';

/** The server asks for confirmation before changing rules applicants relied on. */
export function rulesConfirmationOf(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const conflict = error.errors.find((item) => item.extensions?.code === 'CONFLICT');
  return conflict ? conflict.message : null;
}

/**
 * Server messages by field: the full path (`payment_options.0.cost`) and, for list items
 * shown by one control (`genres.2`), the list's name too.
 */
export function fieldErrorsByPath(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, messages] of Object.entries(validationMapOf(error))) {
    const message = messages[0];
    if (message === undefined) continue;
    errors[path] ??= message;
    const root = path.split('.')[0] ?? path;
    if (root !== path && root !== 'payment_options') errors[root] ??= message;
  }
  return errors;
}

type Fields = Partial<Omit<UpdateOpportunityInput, 'id'>>;

/**
 * Saves a step: creates the draft on the first save, updates it after. A change to rules that
 * applicants relied on comes back as `pendingConfirmation` and is sent again once confirmed.
 */
export function useOpportunitySave(organisationId: string | undefined) {
  const [create] = useMutation(CreateOpportunityDocument);
  const [update] = useMutation(UpdateOpportunityDocument);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [pendingConfirmation, setPendingConfirmation] = useState<{
    message: string;
    retry: () => Promise<OpportunityFieldsFragment | null>;
  } | null>(null);

  const run = async (
    send: () => Promise<OpportunityFieldsFragment | null | undefined>,
  ): Promise<OpportunityFieldsFragment | null> => {
    setSaving(true);
    setError(null);
    try {
      return (await send()) ?? null;
    } catch (caught) {
      setError(caught);
      return null;
    } finally {
      setSaving(false);
    }
  };

  const save = async (
    opportunity: OpportunityFieldsFragment | undefined,
    fields: Fields,
    timeZone: string,
  ): Promise<OpportunityFieldsFragment | null> => {
    if (!opportunity) {
      if (!organisationId) return null;
      return run(async () => {
        const result = await create({
          variables: {
            input: {
              ...fields,
              organisation_id: organisationId,
              time_zone: timeZone,
              title: fields.title ?? '',
            },
          },
        });
        return result.data?.createOpportunity;
      });
    }
    const send = (confirm_changes: boolean) =>
      run(async () => {
        try {
          const result = await update({
            variables: { input: { ...fields, id: opportunity.id, confirm_changes } },
          });
          return result.data?.updateOpportunity;
        } catch (caught) {
          const message = rulesConfirmationOf(caught);
          if (message === null) throw caught;
          setPendingConfirmation({ message, retry: () => send(true) });
          return null;
        }
      });
    return send(false);
  };

  return {
    save,
    saving,
    error,
    fieldErrors: fieldErrorsByPath(error),
    pendingConfirmation,
    confirm: async () => {
      const pending = pendingConfirmation;
      setPendingConfirmation(null);
      return pending ? pending.retry() : null;
    },
    cancelConfirmation: () => setPendingConfirmation(null),
  };
}
