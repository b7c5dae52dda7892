import type { FormField } from '@encore/core';

let fieldCount = 0;

/** A form field with every optional setting at its default; ids and order follow creation. */
export const formField = (
  spec: Partial<FormField> & Pick<FormField, 'type' | 'slug' | 'label'>,
): FormField => ({
  id: `field-${(fieldCount += 1)}`,
  order: fieldCount,
  subtype: null,
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
});
