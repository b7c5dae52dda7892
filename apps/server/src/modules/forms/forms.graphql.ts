import { access } from '../../graphql/access-outcome';
import {
  FORM_TYPES,
  applicantFormType,
  formTypesOf,
  primaryFormType,
  type FormField,
  type FormType,
} from '@encore/core';
import DataLoader from 'dataloader';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { oppScope } from '../../graphql/scopes';
import { AppError } from '../../lib/errors';
import { parseInput } from '../../lib/validation';
import { opportunityPolicy, type OpportunityRow } from '../opportunities/opportunities.service';
import { OpportunityRef, actorOf, idOf } from '../opportunities/opportunities.refs';
import {
  saveApplicationFormSchema,
  type ApplicationFormRow,
  type ApplicationFormView,
} from './forms.service';

/** The GraphQL types other features point at (an application says which form it answered). */
export const FormTypeEnum = builder.enumType('FormType', {
  description: 'GENERAL: the form a band fills in; INDIVIDUAL: the form of a person on their own.',
  values: FORM_TYPES,
});
export const ApplicationFormRef = builder.objectRef<ApplicationFormView>('ApplicationForm');
export const FormFieldRef = builder.objectRef<FormField>('FormField');

/** A field as the form editor sends it; parsed whole by the shared form schema. */
interface FormFieldInputShape {
  id: string | number;
  label: string;
  type: string;
  subtype?: string | null;
  slug: string;
  order: number;
  is_required?: boolean | null;
  is_multiple?: boolean | null;
  choices?: string[] | null;
  min_length?: number | null;
  max_length?: number | null;
  file_size?: number | null;
  file_count?: number | null;
  accept?: string[] | null;
  child_fields?: FormFieldInputShape[] | null;
}

const savedFormLoaders = new WeakMap<GraphQLContext, DataLoader<string, ApplicationFormRow[]>>();

/** The saved forms of every opportunity a request shows, read in one query however many ask. */
function savedFormsOf(context: GraphQLContext, opportunityId: string) {
  let loader = savedFormLoaders.get(context);
  if (!loader) {
    loader = new DataLoader(async (ids) => {
      const byOpportunity = await context.services.forms.formsOf(ids);
      return ids.map((id) => byOpportunity.get(id) ?? []);
    });
    savedFormLoaders.set(context, loader);
  }
  return loader.load(opportunityId);
}

const accountOf = (context: GraphQLContext) =>
  context.viewer.user ? context.services.users.current(context.viewer.user.id) : undefined;

async function formsShownOn(
  row: OpportunityRow,
  types: readonly FormType[],
  context: GraphQLContext,
): Promise<ApplicationFormView[]> {
  const saved = await savedFormsOf(context, row.id);
  return types.map((type) => context.services.forms.viewOf(row.id, type, saved));
}

export function registerFormsGraphQL(): void {
  FormFieldRef.implement({
    description:
      'One question of an application form; a group_members field asks its child fields of each member.',
    fields: (t) => ({
      id: t.exposeID('id'),
      label: t.exposeString('label'),
      type: t.exposeString('type', {
        description:
          'text_field, email, tel, datetime_field, link, video_link, image, audio, attachment, instruments, genres, list, heading, group_members, toggle or location.',
      }),
      subtype: t.exposeString('subtype', { nullable: true }),
      slug: t.exposeString('slug', { description: 'The key of its answer.' }),
      order: t.exposeInt('order'),
      is_required: t.exposeBoolean('is_required'),
      is_multiple: t.exposeBoolean('is_multiple'),
      choices: t.exposeStringList('choices'),
      min_length: t.exposeInt('min_length', { nullable: true }),
      max_length: t.exposeInt('max_length', { nullable: true }),
      file_size: t.exposeInt('file_size', { nullable: true, description: 'Largest file, in MB.' }),
      file_count: t.exposeInt('file_count', { nullable: true, description: 'Most files.' }),
      accept: t.exposeStringList('accept', {
        description: 'MIME types, families (audio/*) or extensions (.pdf) a file field takes.',
      }),
      child_fields: t.field({ type: [FormFieldRef], resolve: (field) => field.child_fields }),
    }),
  });

  ApplicationFormRef.implement({
    description: "An opportunity's application form of one type.",
    fields: (t) => ({
      id: t.exposeID('id', {
        nullable: true,
        description: 'Null for the default form, until the organiser saves one.',
      }),
      type: t.field({ type: FormTypeEnum, resolve: (form) => form.type }),
      fields: t.field({ type: [FormFieldRef], resolve: (form) => form.fields }),
      terms: t.exposeString('terms', { nullable: true }),
      supported_languages: t.exposeStringList('supported_languages', {
        description: 'Languages the applicant may answer in (empty: any).',
      }),
      is_active: t.exposeBoolean('is_active', {
        description: 'Takes new applications through this form.',
      }),
      is_skipped: t.exposeBoolean('is_skipped', {
        description:
          'Applicants answer only the fixed fields (name, email, address; a band its artist name).',
      }),
      max_members: t.exposeInt('max_members', {
        nullable: true,
        description: 'Most band members (band forms only).',
      }),
    }),
  });

  builder.objectFields(OpportunityRef, (t) => ({
    form: t.field({
      type: ApplicationFormRef,
      description:
        'The form applicants see first: the band form when the opportunity is for bands only, the individual form otherwise.',
      resolve: async (row, _args, context) =>
        (await formsShownOn(row, [primaryFormType(row.target)], context))[0]!,
    }),
    forms: t.field({
      type: [ApplicationFormRef],
      description:
        'One form per kind of applicant the opportunity is for (both while it names none).',
      resolve: (row, _args, context) => formsShownOn(row, formTypesOf(row.target), context),
    }),
  }));

  const FormFieldInput = builder.inputRef<FormFieldInputShape>('FormFieldInput').implement({
    fields: (t) => ({
      id: t.id({ description: 'Kept across saves; a new field brings a new one (a uuid).' }),
      label: t.string(),
      type: t.string(),
      subtype: t.string({ required: false }),
      slug: t.string(),
      order: t.int(),
      is_required: t.boolean({ required: false }),
      is_multiple: t.boolean({ required: false }),
      choices: t.stringList({ required: false }),
      min_length: t.int({ required: false }),
      max_length: t.int({ required: false }),
      file_size: t.int({ required: false, description: 'MB.' }),
      file_count: t.int({ required: false }),
      accept: t.stringList({ required: false }),
      child_fields: t.field({ type: [FormFieldInput], required: false }),
    }),
  });

  const SaveInput = builder.inputType('SaveApplicationFormInput', {
    fields: (t) => ({
      opportunity_id: t.id(),
      type: t.field({ type: FormTypeEnum }),
      fields: t.field({
        type: [FormFieldInput],
        description: 'The whole form; it replaces the saved one.',
      }),
      terms: t.string({ required: false }),
      supported_languages: t.stringList({ required: false }),
      is_active: t.boolean({ required: false }),
      is_skipped: t.boolean({ required: false }),
      max_members: t.int({ required: false }),
    }),
  });

  builder.queryFields((t) => ({
    opportunityForm: t.field({
      type: ApplicationFormRef,
      description:
        "The opportunity's form of a type, as its team edits it: the saved one, or the default.",
      args: {
        opportunity: t.arg.id({ required: true, description: 'The opportunity id.' }),
        type: t.arg({ type: FormTypeEnum, required: true }),
      },
      extensions: access({
        record: 'opportunity',
        allows: ['owner', 'manager', 'reviewer', 'member', 'admin'],
        refuses: 'FORBIDDEN',
      }),
      authScopes: oppScope('team', (args: { opportunity: string | number }) =>
        idOf(args.opportunity, 'opportunity'),
      ),
      resolve: async (_root, args, context) => {
        const id = idOf(args.opportunity, 'opportunity');
        const [row] = await context.services.opportunities.byIds([id]);
        if (!row || row.status === 'DELETED') throw AppError.notFound('opportunity');
        return context.services.forms.formOf(id, args.type);
      },
    }),
    applicationForm: t.field({
      type: ApplicationFormRef,
      nullable: true,
      description:
        "The form to apply to an opportunity with, by its slug; null when the viewer cannot see it. Without a type: the only one the opportunity takes, or the one of the viewer's account (a band's GENERAL).",
      args: {
        slug: t.arg.string({ required: true }),
        type: t.arg({ type: FormTypeEnum, required: false }),
      },
      extensions: access({ record: 'opportunity', allows: ['signedIn'], refuses: 'NOT_FOUND' }),
      authScopes: { loggedIn: true },
      resolve: async (_root, args, context) => {
        const row = await context.services.opportunities.bySlug(args.slug.trim().slice(0, 100));
        if (!row || !opportunityPolicy.view(await context.access.opportunity(row.id), row)) {
          return null;
        }
        const type =
          args.type ?? applicantFormType(row.target, (await accountOf(context))?.selectedType);
        if (!formTypesOf(row.target).includes(type)) {
          throw AppError.validation({ type: ['validation.form.type_target'] });
        }
        return context.services.forms.formOf(row.id, type);
      },
    }),
  }));

  builder.mutationFields((t) => ({
    saveApplicationForm: t.field({
      type: ApplicationFormRef,
      description: "Saves an opportunity's form of one type whole, replacing the one saved before.",
      args: { input: t.arg({ type: SaveInput }) },
      extensions: access({
        record: 'opportunity',
        allows: ['owner', 'manager', 'admin'],
        refuses: 'FORBIDDEN',
      }),
      authScopes: oppScope(
        'manage_opportunity',
        (args: { input: { opportunity_id: string | number } }) =>
          idOf(args.input.opportunity_id, 'input.opportunity_id'),
      ),
      resolve: async (_root, { input }, context) => {
        const data = parseInput(saveApplicationFormSchema, input, context.t);
        return context.services.forms.save(data, (await actorOf(context)).id);
      },
    }),
  }));
}
