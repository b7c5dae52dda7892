import { FIXED_FORM_FIELDS, type Answers, type FormField, type FormType } from '@encore/core';
import type {
  ApplicationElementFieldsFragment,
  ApplyFormFieldsFragment,
} from '../../../gql/graphql';
import type { ValidationMap } from '../../../lib/field-errors';
import type { FormFile } from '../../forms/fill/ApplicationFormFields';
import { formFieldsOf } from '../../forms/form-api';

/**
 * The questions an applicant answers: the whole form, or only the fixed identity fields when the
 * organiser skips the form (`is_skipped`), as the server asks them.
 */
export function askedFields(form: ApplyFormFieldsFragment, type: FormType): FormField[] {
  const fields = formFieldsOf(form.fields);
  if (!form.is_skipped) return fields;
  return fields.filter((field) => FIXED_FORM_FIELDS[type].includes(field.slug));
}

/** Saved answers from the API's JSON: an object of answers, anything else is no answers. */
export function answersOf(value: unknown): Answers {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? { ...(value as Answers) }
    : {};
}

type Element = Pick<ApplicationElementFieldsFragment, 'files'> & {
  child_elements?: readonly Element[];
};

/** What the saved answers' files are (names, sizes, types), by id, band members' included. */
export function filesOf(elements: readonly Element[]): Record<string, FormFile> {
  const found: Record<string, FormFile> = {};
  const visit = (level: readonly Element[]) => {
    for (const element of level) {
      for (const file of element.files) {
        // Private files need the session's token, which an <img> or <audio> cannot send: the
        // form shows their names, and the application's page previews them.
        found[file.id] = { id: file.id, name: file.name, size: file.size, mime: file.mime_type };
      }
      visit(element.child_elements ?? []);
    }
  };
  visit(elements);
  return found;
}

export interface ServerProblems {
  /** Messages about answers (`answers.<path>`), for the questions to show. */
  answers: ValidationMap;
  /** Messages by other input field (`payment_option_id`, `form_type`). */
  other: ValidationMap;
}

/**
 * Splits a refused save's messages into those the questions show (`answers.<slug>…` of a question
 * the form asks) and the rest, which the page shows together.
 */
export function splitServerProblems(
  validation: ValidationMap,
  fields: readonly FormField[],
): ServerProblems {
  const asked = new Set(fields.map((field) => field.slug));
  const answers: ValidationMap = {};
  const other: ValidationMap = {};
  for (const [key, messages] of Object.entries(validation)) {
    const slug = /^answers\.([^.]+)/.exec(key)?.[1];
    if (slug !== undefined && asked.has(slug)) answers[key] = messages;
    else other[key] = messages;
  }
  return { answers, other };
}

/**
 * Answers to questions the shown form does not ask (the organiser changed the form after the
 * application was sent, and the server checks against the form as it was then): kept as they
 * are, so that sending the answers back never loses them.
 */
export function answersOutside(fields: readonly FormField[], answers: Answers): Answers {
  const asked = new Set(fields.map((field) => field.slug));
  return Object.fromEntries(Object.entries(answers).filter(([slug]) => !asked.has(slug)));
}

/** The answers to the questions the form asks. */
export function answersWithin(fields: readonly FormField[], answers: Answers): Answers {
  const asked = new Set(fields.map((field) => field.slug));
  return Object.fromEntries(Object.entries(answers).filter(([slug]) => asked.has(slug)));
}
