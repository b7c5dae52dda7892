import i18next from 'i18next';
import type { FormField } from '@encore/core';
import pages from '../../../../public/locales/en/pages.json';
import type { Translate } from './validate-answers';

/** Form fields for tests, like the organiser's builder makes them. */
let nextId = 0;
export function field(spec: Partial<FormField> & Pick<FormField, 'type' | 'slug'>): FormField {
  nextId += 1;
  return {
    id: `f${nextId}`,
    label: spec.slug.replace(/_/g, ' '),
    subtype: null,
    order: nextId,
    is_required: false,
    is_multiple: false,
    choices: [],
    min_length: null,
    max_length: null,
    file_size: null,
    file_count: null,
    accept: [],
    child_fields: [],
    ...spec,
  };
}

/** The English `pages` translations, to check whole sentences. */
export async function englishPages(): Promise<Translate> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'en',
    ns: ['pages'],
    defaultNS: 'pages',
    resources: { en: { pages } },
    interpolation: { escapeValue: false },
  });
  const t = instance.getFixedT('en', 'pages');
  return (key, options) => t(key, options);
}
