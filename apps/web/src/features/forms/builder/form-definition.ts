import {
  FILE_FIELD_TYPES,
  FIXED_FORM_FIELDS,
  FORM_FIELD_SUBTYPES,
  FORM_FIELD_TYPES,
  FORM_LIMITS,
  FORM_TYPE_OF_TARGET,
  isOneOf,
  type ApplicationFormDefinition,
  type FormField,
  type FormFieldSubtype,
  type FormFieldType,
  type FormType,
  type TargetUser,
} from '@encore/core';

/**
 * Pure edits of an application form definition, used by the form builder. Every edit of a list of
 * sibling fields returns them sorted with `order` rewritten 0..n-1, so the array order and `order`
 * never disagree (server validation paths count positions in the array).
 */

/** The subtypes that make sense per type, the first being the default. */
export const SUBTYPES_OF_TYPE: Partial<Record<FormFieldType, readonly FormFieldSubtype[]>> = {
  text_field: ['text', 'textarea'],
  datetime_field: ['date', 'time', 'datetime'],
  link: ['single_url', 'multiple_urls', 'social_links'],
  list: ['single', 'multiple', 'radio', 'checkbox'],
  heading: ['h4', 'body1'],
};

/** Types whose answer may be a list of values. Links say it through their subtype instead. */
export const MULTIPLE_TYPES: readonly FormFieldType[] = [
  'email',
  'tel',
  'video_link',
  'instruments',
  'genres',
  'list',
];

/** List subtypes that take several choices, and their one-choice counterparts. */
const LIST_MULTIPLE_OF: Partial<Record<FormFieldSubtype, FormFieldSubtype>> = {
  single: 'multiple',
  radio: 'checkbox',
};
const LIST_SINGLE_OF: Partial<Record<FormFieldSubtype, FormFieldSubtype>> = {
  multiple: 'single',
  checkbox: 'radio',
};

export function defaultSubtype(type: FormFieldType): FormFieldSubtype | null {
  return SUBTYPES_OF_TYPE[type]?.[0] ?? null;
}

export function isFileType(type: FormFieldType): boolean {
  return (FILE_FIELD_TYPES as readonly FormFieldType[]).includes(type);
}

/** A heading asks nothing, so it cannot be required. */
export function canBeRequired(type: FormFieldType): boolean {
  return type !== 'heading';
}

/** Whether `field` is one of the fields every form of `formType` must keep (top level only). */
export function isFixedField(formType: FormType, field: Pick<FormField, 'slug'>): boolean {
  return FIXED_FORM_FIELDS[formType].includes(field.slug);
}

/** The types an organiser may add at a level: band members only once, on band forms, at the top. */
export function addableTypes(
  formType: FormType,
  siblings: readonly FormField[],
  nested: boolean,
): FormFieldType[] {
  const membersAllowed =
    !nested && formType === 'GENERAL' && !siblings.some((field) => field.type === 'group_members');
  return FORM_FIELD_TYPES.filter((type) => type !== 'group_members' || membersAllowed);
}

const SLUG_STEM_LENGTH = 56;

/**
 * A slug for `label`: lowercase a-z, 0-9 and `_`, starting with a letter, not one of `taken`
 * (`name`, `name_2`, `name_3`...). Accents are dropped; a label of other scripts gives `field`.
 */
export function slugFrom(label: string, taken: Iterable<string> = []): string {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const prefixed = words === '' ? 'field' : /^[a-z]/.test(words) ? words : `field_${words}`;
  const stem = prefixed.slice(0, SLUG_STEM_LENGTH).replace(/_+$/, '');
  const used = new Set(taken);
  if (!used.has(stem)) return stem;
  for (let number = 2; ; number += 1) {
    const candidate = `${stem}_${number}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** Sorted by `order`, with `order` rewritten 0..n-1. */
export function inOrder(fields: readonly FormField[]): FormField[] {
  return [...fields]
    .sort((a, b) => a.order - b.order)
    .map((field, order) => (field.order === order ? field : { ...field, order }));
}

/** Moves the field at position `from` (in `order`) to position `to`. */
export function reorder(fields: readonly FormField[], from: number, to: number): FormField[] {
  const sorted = inOrder(fields);
  if (from === to || from < 0 || to < 0 || from >= sorted.length || to >= sorted.length) {
    return sorted;
  }
  const [moved] = sorted.splice(from, 1);
  sorted.splice(to, 0, moved!);
  return inOrder(sorted.map((field, order) => ({ ...field, order })));
}

export function addField(fields: readonly FormField[], field: FormField): FormField[] {
  const sorted = inOrder(fields);
  return [...sorted, { ...field, order: sorted.length }];
}

export function removeField(fields: readonly FormField[], id: string): FormField[] {
  return inOrder(fields.filter((field) => field.id !== id));
}

export function updateField(
  fields: readonly FormField[],
  id: string,
  patch: Partial<Omit<FormField, 'id' | 'order'>>,
): FormField[] {
  return inOrder(fields.map((field) => (field.id === id ? { ...field, ...patch } : field)));
}

/** A new field of `type` labelled `label`, placed after `siblings`, with a slug none of them has. */
export function newField(
  type: FormFieldType,
  label: string,
  siblings: readonly FormField[],
  childFields: FormField[] = [],
): FormField {
  const file = isFileType(type);
  return {
    id: crypto.randomUUID(),
    label,
    type,
    subtype: defaultSubtype(type),
    slug: slugFrom(
      label,
      siblings.map((field) => field.slug),
    ),
    order: siblings.length,
    is_required: false,
    is_multiple: type === 'group_members',
    choices: [],
    min_length: null,
    max_length: null,
    file_size: file ? FORM_LIMITS.fileSizeMb : null,
    file_count: file ? 1 : null,
    accept: [],
    child_fields: type === 'group_members' ? inOrder(childFields) : [],
  };
}

/**
 * The change of a field's label, and of its slug too while the slug is still the one its label
 * gave (the organiser has not chosen one). A fixed field keeps its slug: the form is checked by it.
 */
export function labelChange(
  field: FormField,
  label: string,
  siblings: readonly FormField[],
  slugLocked: boolean,
): Pick<FormField, 'label' | 'slug'> {
  if (slugLocked) return { label, slug: field.slug };
  const taken = siblings.filter((other) => other.id !== field.id).map((other) => other.slug);
  const followsLabel = field.slug === slugFrom(field.label, taken);
  return { label, slug: followsLabel ? slugFrom(label, taken) : field.slug };
}

/** The field turned into another type: settings the new type has no use for are dropped. */
export function changeType(field: FormField, type: FormFieldType): FormField {
  if (field.type === type) return field;
  const file = isFileType(type);
  return {
    ...field,
    type,
    subtype: defaultSubtype(type),
    is_required: canBeRequired(type) && field.is_required,
    is_multiple: MULTIPLE_TYPES.includes(type) && field.is_multiple,
    choices: type === 'list' ? field.choices : [],
    min_length: type === 'text_field' ? field.min_length : null,
    max_length: type === 'text_field' ? field.max_length : null,
    file_size: file ? (field.file_size ?? FORM_LIMITS.fileSizeMb) : null,
    file_count: file ? (field.file_count ?? 1) : null,
    accept: file ? field.accept : [],
    child_fields: type === 'group_members' ? field.child_fields : [],
  };
}

/** A new subtype, keeping a list's `is_multiple` in step with it (checkboxes take several). */
export function subtypeChange(
  field: FormField,
  subtype: FormFieldSubtype,
): Pick<FormField, 'subtype' | 'is_multiple' | 'max_length'> {
  const isMultiple =
    field.type === 'list' ? subtype === 'multiple' || subtype === 'checkbox' : field.is_multiple;
  const maxLength =
    field.type === 'text_field' && subtype === 'text' && field.max_length !== null
      ? Math.min(field.max_length, FORM_LIMITS.textLength)
      : field.max_length;
  return { subtype, is_multiple: isMultiple, max_length: maxLength };
}

/** Several answers or one, keeping a list's subtype in step with it. */
export function multipleChange(
  field: FormField,
  isMultiple: boolean,
): Pick<FormField, 'subtype' | 'is_multiple'> {
  if (field.type !== 'list' || field.subtype === null) {
    return { subtype: field.subtype, is_multiple: isMultiple };
  }
  const counterpart = (isMultiple ? LIST_MULTIPLE_OF : LIST_SINGLE_OF)[field.subtype];
  return { subtype: counterpart ?? field.subtype, is_multiple: isMultiple };
}

/** The largest length a text answer may be given. */
export function textLengthLimit(field: Pick<FormField, 'subtype'>): number {
  return field.subtype === 'textarea' ? FORM_LIMITS.textareaLength : FORM_LIMITS.textLength;
}

// --- Default sections ---------------------------------------------------------------------------

/** A field of the server's default sections (`formSections(target)`); types arrive as strings. */
export interface FieldTemplate {
  label: string;
  type: string;
  subtype: string | null;
  slug: string;
  is_required: boolean;
  is_multiple: boolean;
  choices: readonly string[];
  order: number;
  child_fields?: readonly FieldTemplate[] | null;
}

export interface SectionTemplate {
  fields: readonly FieldTemplate[];
}

/** The label a default field gets; the server's are English. */
export type TemplateLabel = (template: FieldTemplate) => string;

const englishLabel: TemplateLabel = (template) => template.label;

/** A field made from a template, or null when the template's type is not one this app knows. */
export function fieldFromTemplate(
  template: FieldTemplate,
  order: number,
  labelOf: TemplateLabel = englishLabel,
): FormField | null {
  if (!isOneOf(FORM_FIELD_TYPES, template.type)) return null;
  const type = template.type;
  const file = isFileType(type);
  const children = [...(template.child_fields ?? [])]
    .sort((a, b) => a.order - b.order)
    .map((child, index) => fieldFromTemplate(child, index, labelOf))
    .filter((child): child is FormField => child !== null);
  return {
    id: crypto.randomUUID(),
    label: labelOf(template),
    type,
    subtype: isOneOf(FORM_FIELD_SUBTYPES, template.subtype)
      ? template.subtype
      : defaultSubtype(type),
    slug: template.slug,
    order,
    is_required: template.is_required,
    is_multiple: template.is_multiple,
    choices: [...template.choices],
    min_length: null,
    max_length: null,
    file_size: file ? FORM_LIMITS.fileSizeMb : null,
    file_count: file ? 1 : null,
    accept: [],
    child_fields: inOrder(children),
  };
}

/** A new form for `target` holding the default sections' fields, in section order, with new ids. */
export function startFromSections(
  target: TargetUser,
  sections: readonly SectionTemplate[],
  labelOf: TemplateLabel = englishLabel,
): ApplicationFormDefinition {
  const templates = sections.flatMap((section) =>
    [...section.fields].sort((a, b) => a.order - b.order),
  );
  const fields = templates
    .map((template, index) => fieldFromTemplate(template, index, labelOf))
    .filter((field): field is FormField => field !== null);
  return {
    type: FORM_TYPE_OF_TARGET[target],
    fields: inOrder(fields),
    terms: null,
    supported_languages: [],
    is_active: true,
    is_skipped: false,
    max_members: null,
  };
}

/** The default fields asked of each band member, from the sections of a band form. */
export function memberTemplates(sections: readonly SectionTemplate[]): FieldTemplate[] {
  const members = sections
    .flatMap((section) => section.fields)
    .find((field) => field.type === 'group_members');
  return [...(members?.child_fields ?? [])].sort((a, b) => a.order - b.order);
}

/** The default member fields `children` lacks (by slug). */
export function missingTemplates(
  children: readonly FormField[],
  templates: readonly FieldTemplate[],
): FieldTemplate[] {
  const present = new Set(children.map((child) => child.slug));
  return templates.filter(
    (template) => !present.has(template.slug) && isOneOf(FORM_FIELD_TYPES, template.type),
  );
}

/** `children` with the default member fields it lacks added after them. */
export function addMissingTemplates(
  children: readonly FormField[],
  templates: readonly FieldTemplate[],
  labelOf: TemplateLabel = englishLabel,
): FormField[] {
  const room = FORM_LIMITS.childFields - children.length;
  return missingTemplates(children, templates)
    .slice(0, Math.max(room, 0))
    .reduce<FormField[]>((fields, template) => {
      const field = fieldFromTemplate(template, fields.length, labelOf);
      return field ? addField(fields, field) : fields;
    }, inOrder(children));
}
