import {
  FORM_FIELD_SUBTYPES,
  FORM_FIELD_TYPES,
  SUPPORTED_LOCALES,
  formTypesOf,
  isOneOf,
  primaryFormType,
  type ApplicationFormDefinition,
  type FormField,
  type FormType,
  type TargetUser,
} from '@encore/core';
import type {
  EditableFormFieldFieldsFragment,
  EditableFormFieldsFragment,
  FormFieldInput,
  SaveApplicationFormInput,
} from '../../gql/graphql';

/** The forms an opportunity for `target` takes, the one applicants see first first. */
export function formTabsOf(target: readonly TargetUser[]): FormType[] {
  const primary = primaryFormType(target);
  return [primary, ...formTypesOf(target).filter((type) => type !== primary)];
}

/** A field as the API sends it; the builder's and the applicant's fragments both select these. */
export type ApiFormField = EditableFormFieldFieldsFragment & {
  child_fields?: readonly EditableFormFieldFieldsFragment[];
};

/**
 * A field as the API sends it, typed as the shared form model. The API's `type` and `subtype` are
 * plain strings: a kind this client does not know is left out rather than guessed at.
 */
function fieldOf(field: ApiFormField): FormField | null {
  if (!isOneOf(FORM_FIELD_TYPES, field.type)) return null;
  return {
    id: field.id,
    label: field.label,
    type: field.type,
    subtype: isOneOf(FORM_FIELD_SUBTYPES, field.subtype) ? field.subtype : null,
    slug: field.slug,
    order: field.order,
    is_required: field.is_required,
    is_multiple: field.is_multiple,
    choices: [...field.choices],
    min_length: field.min_length,
    max_length: field.max_length,
    file_size: field.file_size,
    file_count: field.file_count,
    accept: [...field.accept],
    child_fields: formFieldsOf(field.child_fields ?? []),
  };
}

/** The API's fields as the shared form model, in their `order`. */
export function formFieldsOf(fields: readonly ApiFormField[]): FormField[] {
  return fields
    .map(fieldOf)
    .filter((field): field is FormField => field !== null)
    .sort((a, b) => a.order - b.order);
}

/** `order` rewritten 0..n-1 at every level, as the builder keeps them (server paths count positions). */
function renumbered(fields: readonly FormField[]): FormField[] {
  return fields.map((field, order) => ({
    ...field,
    order,
    child_fields: renumbered(field.child_fields),
  }));
}

/** The form the API sends, as the builder edits it. */
export function definitionOf(form: EditableFormFieldsFragment): ApplicationFormDefinition {
  return {
    type: form.type,
    fields: renumbered(formFieldsOf(form.fields)),
    terms: form.terms,
    supported_languages: form.supported_languages.filter((locale) =>
      isOneOf(SUPPORTED_LOCALES, locale),
    ),
    is_active: form.is_active,
    is_skipped: form.is_skipped,
    max_members: form.max_members,
  };
}

function fieldInput(field: FormField): FormFieldInput {
  return {
    id: field.id,
    label: field.label,
    type: field.type,
    subtype: field.subtype,
    slug: field.slug,
    order: field.order,
    is_required: field.is_required,
    is_multiple: field.is_multiple,
    choices: field.choices,
    min_length: field.min_length,
    max_length: field.max_length,
    file_size: field.file_size,
    file_count: field.file_count,
    accept: field.accept,
    child_fields: field.child_fields.map(fieldInput),
  };
}

/** The mutation's input saving `form` whole for the opportunity. */
export function saveInputOf(
  opportunityId: string,
  form: ApplicationFormDefinition,
): SaveApplicationFormInput {
  return {
    opportunity_id: opportunityId,
    type: form.type,
    fields: form.fields.map(fieldInput),
    terms: form.terms,
    supported_languages: form.supported_languages,
    is_active: form.is_active,
    is_skipped: form.is_skipped,
    max_members: form.max_members,
  };
}
