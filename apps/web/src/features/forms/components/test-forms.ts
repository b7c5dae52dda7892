import type { FormattedExecutionResult } from 'graphql';
import i18next, { type i18n } from 'i18next';
import common from '../../../../public/locales/en/common.json';
import pages from '../../../../public/locales/en/pages.json';
import type { EditableFormFieldsFragment } from '../../../gql/graphql';

/** The English texts, so that tests find controls by what people read. */
export async function englishI18n(): Promise<i18n> {
  const english = i18next.createInstance();
  await english.init({
    lng: 'en',
    ns: ['common', 'pages'],
    defaultNS: 'common',
    resources: { en: { common, pages } },
    interpolation: { escapeValue: false },
  });
  return english;
}

type ApiForm = EditableFormFieldsFragment & { __typename: 'ApplicationForm' };
type ApiField = ApiForm['fields'][number];

function apiField(
  id: string,
  label: string,
  slug: string,
  type: string,
  order: number,
): ApiField & { __typename: 'FormField' } {
  return {
    __typename: 'FormField',
    id,
    label,
    type,
    subtype: type === 'text_field' ? 'text' : null,
    slug,
    order,
    is_required: true,
    is_multiple: false,
    choices: [],
    min_length: null,
    max_length: null,
    file_size: null,
    file_count: null,
    accept: [],
    child_fields: [],
  };
}

/** An individual form as `opportunityForm` sends it: the default (no id) unless one is given. */
export function individualForm(
  id: string | null = null,
  overrides: Partial<ApiForm> = {},
): ApiForm {
  return {
    __typename: 'ApplicationForm',
    id,
    type: 'INDIVIDUAL',
    is_active: true,
    is_skipped: false,
    max_members: null,
    supported_languages: [],
    terms: null,
    fields: [
      apiField('f-name', 'Full name', 'full_name', 'text_field', 0),
      apiField('f-email', 'Email', 'email', 'email', 1),
      apiField('f-address', 'Address', 'address', 'location', 2),
    ],
    ...overrides,
  };
}

/** A refusal of the server's validation, keyed by input path as the API sends it. */
export function validationRefusal(validation: Record<string, string[]>): FormattedExecutionResult {
  return {
    errors: [
      {
        message: 'Validation failed.',
        extensions: { category: 'validation', validation },
      },
    ],
  };
}
