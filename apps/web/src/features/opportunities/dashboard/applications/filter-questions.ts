import type { DashboardApplicationQuestionsQuery } from '../../../../gql/graphql';

type Forms = NonNullable<DashboardApplicationQuestionsQuery['opportunity']>['forms'];

/** A question the list can be filtered by: a choice of a list, or yes/no of a toggle. */
export interface FilterQuestion {
  slug: string;
  label: string;
  kind: 'list' | 'toggle';
  /** A list's choices, of every form that asks it. */
  choices: string[];
}

/**
 * The list and toggle questions of the opportunity's forms, once each: the band form and the
 * individual form may ask the same question (the same slug), whose answers are filtered together.
 */
export function filterQuestions(forms: Forms): FilterQuestion[] {
  const bySlug = new Map<string, FilterQuestion>();
  for (const form of forms) {
    for (const field of form.fields) {
      if (field.type !== 'list' && field.type !== 'toggle') continue;
      const known = bySlug.get(field.slug);
      if (!known) {
        bySlug.set(field.slug, {
          slug: field.slug,
          label: field.label,
          kind: field.type,
          choices: [...field.choices],
        });
      } else if (known.kind === 'list') {
        for (const choice of field.choices) {
          if (!known.choices.includes(choice)) known.choices.push(choice);
        }
      }
    }
  }
  return [...bySlug.values()];
}
