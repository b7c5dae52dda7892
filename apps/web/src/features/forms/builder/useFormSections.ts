import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@apollo/client/react';
import type { TargetUser } from '@encore/core';
import { FormSectionsDocument, type FormSectionsQuery } from '../../../gql/graphql';
import type { FieldTemplate, TemplateLabel } from './form-definition';

export interface FormSections {
  sections: FormSectionsQuery['formSections'] | undefined;
  loading: boolean;
  error: unknown;
  refetch: () => void;
  /** The label of a default field in the organiser's language (the server's are English). */
  labelOf: TemplateLabel;
}

/**
 * The default sections of a new form for `target`. Give them to `startFromSections` with
 * `labelOf` to start a form; the builder uses the band members' ones for its defaults button.
 */
export function useFormSections(
  target: TargetUser,
  options: { skip?: boolean } = {},
): FormSections {
  const { t } = useTranslation('pages');
  const query = useQuery(FormSectionsDocument, {
    variables: { target },
    skip: options.skip ?? false,
  });
  const labelOf = useCallback(
    (template: FieldTemplate) =>
      t(`forms.builder.defaults.${template.slug}`, { defaultValue: template.label }),
    [t],
  );
  const { refetch } = query;
  const retry = useCallback(() => {
    void refetch();
  }, [refetch]);
  return {
    sections: query.data?.formSections,
    loading: query.loading,
    error: query.error,
    refetch: retry,
    labelOf,
  };
}
