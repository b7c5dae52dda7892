import { randomUUID } from 'node:crypto';
import {
  FORM_TYPE_OF_TARGET,
  TARGET_USERS,
  applicationFormSchema,
  formTypesOf,
  type ApplicationFormDefinition,
  type FormField,
  type FormType,
  type TargetUser,
  type ValidationMap,
} from '@encore/core';
import { asc, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { FormFieldTemplate } from '../lookups/form-sections.data';
import type { LookupsService } from '../lookups/lookups.service';
import type { OpportunityRow } from '../opportunities/opportunities.service';
import { applicationForms, type ApplicationFormRow } from './forms.table';

export type { ApplicationFormRow } from './forms.table';

/** A form as it is read: the saved one, or the default (`id` null) while none is saved. */
export type ApplicationFormView = ApplicationFormDefinition & {
  id: string | null;
  opportunityId: string;
};

/** What `saveApplicationForm` takes: a whole form definition for one opportunity. */
export const saveApplicationFormSchema = applicationFormSchema.safeExtend({
  opportunity_id: z.uuid(),
});
export type SaveApplicationFormInput = z.output<typeof saveApplicationFormSchema>;

/**
 * Most band members a new band form takes. Bands are mostly two to six people; ten leaves room for
 * an ensemble or a band with guests, and an organiser can raise it to FORM_LIMITS.maxMembers.
 */
export const DEFAULT_MAX_MEMBERS = 10;

const targetOfType = (type: FormType): TargetUser =>
  TARGET_USERS.find((target) => FORM_TYPE_OF_TARGET[target] === type) ?? 'INDIVIDUALS';

function fieldFromTemplate(template: FormFieldTemplate, order: number): FormField {
  return {
    id: randomUUID(),
    label: template.label,
    type: template.type,
    subtype: template.subtype,
    slug: template.slug,
    order,
    is_required: template.is_required,
    is_multiple: template.is_multiple,
    choices: [...template.choices],
    min_length: null,
    max_length: null,
    file_size: null,
    file_count: null,
    accept: [],
    child_fields: template.child_fields.map(fieldFromTemplate),
  };
}

/** Fields in their `order`, numbered 0..n-1 at every level, so readers can trust the numbers. */
function inOrder(fields: readonly FormField[]): FormField[] {
  return [...fields]
    .sort((a, b) => a.order - b.order)
    .map((field, order) => ({ ...field, order, child_fields: inOrder(field.child_fields) }));
}

/**
 * Field ids name a field across saves (insights group answers by them), so two fields of one form,
 * children included, never share one.
 */
function duplicateIds(fields: readonly FormField[]): ValidationMap {
  const problems: ValidationMap = {};
  const seen = new Set<string>();
  const visit = (level: readonly FormField[], path: string) =>
    level.forEach((field, index) => {
      if (seen.has(field.id)) problems[`${path}.${index}.id`] = ['validation.form.duplicate_id'];
      seen.add(field.id);
      visit(field.child_fields, `${path}.${index}.child_fields`);
    });
  visit(fields, 'input.fields');
  return problems;
}

function viewOfRow(row: ApplicationFormRow): ApplicationFormView {
  return {
    id: row.id,
    opportunityId: row.opportunityId,
    type: row.type,
    fields: row.fields,
    terms: row.terms,
    supported_languages: row.supportedLanguages,
    is_active: row.isActive,
    is_skipped: row.isSkipped,
    max_members: row.maxMembers,
  };
}

export interface FormsDependencies {
  db: Database;
  lookups: LookupsService;
  clock: Clock;
  /**
   * The opportunity a form is saved for (its target and status). A port rather than the
   * opportunities service, so that the opportunities service can depend on this one (to copy forms
   * when it duplicates an opportunity) without a cycle.
   */
  opportunityOf: (id: string) => Promise<Pick<OpportunityRow, 'target' | 'status'> | undefined>;
}

/**
 * An opportunity's application forms (SEED-SPEC point 3, "Application form"): one per form type,
 * saved whole, or the default built from the lookups' form sections until the organiser saves one.
 */
export function createFormsService({ db, lookups, clock, opportunityOf }: FormsDependencies) {
  function defaultForm(opportunityId: string, type: FormType): ApplicationFormView {
    const templates = lookups.formSections(targetOfType(type)).flatMap((section) => section.fields);
    return {
      id: null,
      opportunityId,
      type,
      fields: templates.map(fieldFromTemplate),
      terms: null,
      supported_languages: [],
      is_active: true,
      is_skipped: false,
      max_members: type === 'GENERAL' ? DEFAULT_MAX_MEMBERS : null,
    };
  }

  async function formsOf(
    opportunityIds: readonly string[],
    executor: Executor = db,
  ): Promise<Map<string, ApplicationFormRow[]>> {
    const byOpportunity = new Map(opportunityIds.map((id) => [id, [] as ApplicationFormRow[]]));
    if (opportunityIds.length === 0) return byOpportunity;
    const rows = await executor
      .select()
      .from(applicationForms)
      .where(inArray(applicationForms.opportunityId, [...new Set(opportunityIds)]))
      .orderBy(asc(applicationForms.type));
    for (const row of rows) byOpportunity.get(row.opportunityId)?.push(row);
    return byOpportunity;
  }

  /** The saved form of a type among an opportunity's saved rows, or its default. */
  function viewOf(
    opportunityId: string,
    type: FormType,
    saved: readonly ApplicationFormRow[],
  ): ApplicationFormView {
    const row = saved.find((candidate) => candidate.type === type);
    return row ? viewOfRow(row) : defaultForm(opportunityId, type);
  }

  return {
    formsOf: (opportunityIds: readonly string[]) => formsOf(opportunityIds),
    viewOf,

    async formOf(
      opportunityId: string,
      type: FormType,
      executor: Executor = db,
    ): Promise<ApplicationFormView> {
      const saved = await formsOf([opportunityId], executor);
      return viewOf(opportunityId, type, saved.get(opportunityId) ?? []);
    },

    /**
     * Replaces the opportunity's form of the input's type. Only a type the opportunity is for can be
     * saved: a band form on an opportunity for individuals only would never be filled in. The form
     * keeps no author of its own (the table has no column for one); `_actorId` is taken so that the
     * opportunity's change log can record the save once the opportunity feature offers a way to.
     */
    async save(input: SaveApplicationFormInput, _actorId: string): Promise<ApplicationFormView> {
      const opportunity = await opportunityOf(input.opportunity_id);
      if (!opportunity || opportunity.status === 'DELETED') throw AppError.notFound('opportunity');
      if (!formTypesOf(opportunity.target).includes(input.type)) {
        throw AppError.validation({ 'input.type': ['validation.form.type_target'] });
      }
      const problems = duplicateIds(input.fields);
      if (Object.keys(problems).length > 0) throw AppError.validation(problems);

      const columns = {
        fields: inOrder(input.fields),
        terms: input.terms || null,
        supportedLanguages: [...new Set(input.supported_languages)],
        isActive: input.is_active,
        isSkipped: input.is_skipped,
        maxMembers: input.type === 'GENERAL' ? input.max_members : null,
        updatedAt: clock(),
      };
      const row = await db.transaction(async (tx) => {
        const [saved] = await tx
          .insert(applicationForms)
          .values({
            opportunityId: input.opportunity_id,
            type: input.type,
            ...columns,
            createdAt: clock(),
          })
          .onConflictDoUpdate({
            target: [applicationForms.opportunityId, applicationForms.type],
            set: columns,
          })
          .returning();
        return saved!;
      });
      return viewOfRow(row);
    },

    /**
     * Gives a new opportunity (a duplicate) the saved forms of another, within the caller's
     * transaction. A form the new one already has is kept; the field ids stay, as they name fields
     * within one opportunity only.
     */
    async copy(fromOpportunityId: string, toOpportunityId: string, executor: Executor) {
      const saved = (await formsOf([fromOpportunityId], executor)).get(fromOpportunityId) ?? [];
      if (saved.length === 0) return;
      const now = clock();
      await executor
        .insert(applicationForms)
        .values(
          saved.map(({ id: _id, createdAt: _created, ...form }) => ({
            ...form,
            opportunityId: toOpportunityId,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoNothing({
          target: [applicationForms.opportunityId, applicationForms.type],
        });
    },
  };
}

export type FormsService = ReturnType<typeof createFormsService>;
