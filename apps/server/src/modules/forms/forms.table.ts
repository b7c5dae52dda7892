import { boolean, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { FormField, FormType, Locale } from '@encore/core';
import { createdAt, updatedAt } from '../../db/columns';
import { opportunities } from '../opportunities/opportunities.table';

/**
 * An opportunity's application form, one per form type: GENERAL for bands, INDIVIDUAL for people
 * applying on their own. The fields are one document (`fields`, the definition of
 * `applicationFormSchema`): a form is always read and saved whole, and each application keeps the
 * definition it answered (`applications.form_snapshot`), so later edits never change old answers.
 */
export const applicationForms = pgTable(
  'application_forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    opportunityId: uuid('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    type: text('type').$type<FormType>().notNull(),
    fields: jsonb('fields').$type<FormField[]>().notNull(),
    terms: text('terms'),
    supportedLanguages: text('supported_languages').array().$type<Locale[]>().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    /** Apply without a form: only the fixed fields are asked. */
    isSkipped: boolean('is_skipped').notNull().default(false),
    maxMembers: integer('max_members'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('application_forms_opportunity_type_key').on(table.opportunityId, table.type),
  ],
);

export type ApplicationFormRow = typeof applicationForms.$inferSelect;
