import { access } from '../../graphql/access-outcome';
import { APPLICATION_LIMITS, PAGE_SIZES, pageArgsSchema, type Answers } from '@encore/core';
import { z } from 'zod';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { pageRequest, paginatorType, toPage } from '../../graphql/pagination';
import { AppError } from '../../lib/errors';
import { parseInput } from '../../lib/validation';
import { ApplicationFormRef, FormTypeEnum } from '../forms/forms.graphql';
import { opportunityPolicy } from '../opportunities/opportunities.service';
import { OpportunityRef, idOf } from '../opportunities/opportunities.refs';
import {
  historyOf,
  registerApplicationPartsGraphQL,
  seesIdentity,
} from './applications.parts.graphql';
import { blindFilesOf, elementsOf, withBlindFiles, withoutIdentity } from './applications.elements';
import {
  ApplicationRef,
  ApplicationStatusEnum,
  PaymentStatusEnum,
  ReviewApplicationStatusEnum,
  applicationContent,
  applicationFor,
  opportunityLoader,
} from './applications.refs';
import {
  applicationPolicy,
  type ApplicationActor,
  type ApplicationSummary,
} from './applications.service';

async function applicantOf(context: GraphQLContext): Promise<ApplicationActor> {
  const user = context.viewer.user;
  const account = user ? await context.services.users.current(user.id) : undefined;
  if (!account) throw AppError.unauthenticated();
  return { id: account.id, email: account.email, name: account.name, locale: context.locale };
}

export function registerApplicationsGraphQL(): void {
  const { ElementRef, StatusChangeRef } = registerApplicationPartsGraphQL();

  const ViewerCanRef = builder
    .objectRef<{ application: ApplicationSummary; context: GraphQLContext }>('ApplicationViewerCan')
    .implement({
      description: 'What the viewer may do with this application now.',
      fields: (t) => {
        const grantOf = (row: { application: ApplicationSummary; context: GraphQLContext }) =>
          row.context.access.opportunity(row.application.opportunityId);
        const isApplicant = (row: { application: ApplicationSummary; context: GraphQLContext }) =>
          applicationPolicy.isApplicant(row.context.viewer.user?.id, row.application);
        return {
          edit: t.boolean({
            resolve: async (row) => {
              if (!isApplicant(row) || !applicationPolicy.editableState(row.application))
                return false;
              const opportunity = await opportunityLoader(row.context).load(
                row.application.opportunityId,
              );
              return opportunity !== null && row.context.services.opportunities.isOpen(opportunity);
            },
          }),
          withdraw: t.boolean({
            resolve: (row) =>
              isApplicant(row) && applicationPolicy.withdrawableState(row.application),
          }),
          rate: t.boolean({ resolve: async (row) => applicationPolicy.rate(await grantOf(row)) }),
          comment: t.boolean({
            resolve: async (row) => applicationPolicy.comment(await grantOf(row)),
          }),
          change_status: t.boolean({
            resolve: async (row) => applicationPolicy.changeStatus(await grantOf(row)),
          }),
          message: t.boolean({
            resolve: async (row) =>
              isApplicant(row) || applicationPolicy.messageAsTeam(await grantOf(row)),
          }),
        };
      },
    });

  const hidden =
    <Key extends 'name' | 'email' | 'address' | 'artistName'>(key: Key) =>
    (application: ApplicationSummary, _args: object, context: GraphQLContext) => {
      const sees = seesIdentity(application, context);
      const value = application[key];
      return typeof sees === 'boolean'
        ? sees
          ? value
          : null
        : sees.then((known) => (known ? value : null));
    };

  ApplicationRef.implement({
    description: "One account's application to one opportunity.",
    fields: (t) => ({
      id: t.exposeID('id'),
      code: t.exposeString('code', { description: 'Unique and human-readable: HLF-7K3M9Q.' }),
      status: t.field({ type: ApplicationStatusEnum, resolve: (row) => row.status }),
      payment_status: t.field({
        type: PaymentStatusEnum,
        nullable: true,
        resolve: (row) => row.paymentStatus,
      }),
      form_type: t.field({ type: FormTypeEnum, resolve: (row) => row.formType }),
      answered_form: t.field({
        type: ApplicationFormRef,
        description:
          "The form as this application answers it: the fields it was submitted with (a draft: the current ones), with the form's current settings.",
        resolve: async (row, _args, context) => {
          const [form, { formSnapshot }] = await Promise.all([
            context.services.forms.formOf(row.opportunityId, row.formType),
            applicationContent(context, row),
          ]);
          return { ...form, fields: formSnapshot };
        },
      }),
      payment_option_id: t.id({
        nullable: true,
        description: 'The price option chosen, on a paid opportunity.',
        resolve: (row) => row.paymentOptionId,
      }),
      name: t.string({ nullable: true, resolve: hidden('name') }),
      email: t.string({ nullable: true, resolve: hidden('email') }),
      address: t.string({ nullable: true, resolve: hidden('address') }),
      artist_name: t.string({ nullable: true, resolve: hidden('artistName') }),
      is_blind: t.boolean({
        description: 'Who applied is hidden from the viewer (blind review).',
        resolve: async (row, _args, context) => !(await seesIdentity(row, context)),
      }),
      answers: t.field({
        type: 'JSON',
        description: 'Answers by field slug (without identity fields under blind review).',
        resolve: async (row, _args, context) => {
          const [{ formSnapshot, answers }, sees] = await Promise.all([
            applicationContent(context, row),
            seesIdentity(row, context),
          ]);
          return sees ? answers : withoutIdentity(formSnapshot, answers as Answers);
        },
      }),
      elements: t.field({
        type: [ElementRef],
        resolve: async (row, _args, context) => {
          const [{ formSnapshot, answers }, sees] = await Promise.all([
            applicationContent(context, row),
            seesIdentity(row, context),
          ]);
          const elements = elementsOf(formSnapshot, answers, !sees);
          return sees ? elements : withBlindFiles(elements, blindFilesOf(row.code, elements));
        },
      }),
      opportunity: t.field({
        type: OpportunityRef,
        resolve: async (row, _args, context) => {
          const opportunity = await opportunityLoader(context).load(row.opportunityId);
          if (!opportunity) throw AppError.notFound('opportunity');
          return opportunity;
        },
      }),
      history: t.field({
        type: [StatusChangeRef],
        resolve: (row, _args, context) => historyOf(row, context),
      }),
      viewer_can: t.field({
        type: ViewerCanRef,
        resolve: (application, _args, context) => ({ application, context }),
      }),
      created_at: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
      updated_at: t.field({ type: 'DateTime', resolve: (row) => row.updatedAt }),
      submitted_at: t.field({
        type: 'DateTime',
        nullable: true,
        resolve: (row) => row.submittedAt,
      }),
      decided_at: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.decidedAt }),
      refunded_at: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.refundedAt }),
    }),
  });

  const ApplicationPaginator = paginatorType('Application', ApplicationRef);

  const StatusInfoRef = builder.objectRef<ApplicationSummary>('ApplicationStatusInfo').implement({
    description: 'Where an application stands and how it got there.',
    fields: (t) => ({
      id: t.exposeID('id'),
      status: t.field({ type: ApplicationStatusEnum, resolve: (row) => row.status }),
      payment_status: t.field({
        type: PaymentStatusEnum,
        nullable: true,
        resolve: (row) => row.paymentStatus,
      }),
      history: t.field({
        type: [StatusChangeRef],
        resolve: (row, _args, context) => historyOf(row, context),
      }),
    }),
  });

  const UserSortEnum = builder.enumType('UserApplicationSort', {
    values: ['created_at', 'updated_at', 'status'] as const,
  });
  const UserFilters = builder.inputType('UserApplicationFilters', {
    fields: (t) => ({
      status: t.field({ type: ApplicationStatusEnum, required: false }),
      sort: t.field({ type: UserSortEnum, required: false }),
      asc: t.boolean({ required: false }),
    }),
  });

  builder.queryFields((t) => ({
    userApplications: t.field({
      type: ApplicationPaginator,
      extensions: access({ record: 'own' }),
      authScopes: { loggedIn: true },
      description: "The viewer's own applications, newest first unless sorted otherwise.",
      args: {
        filters: t.arg({ type: UserFilters, required: false }),
        first: t.arg.int({ required: false }),
        page: t.arg.int({ required: false }),
      },
      resolve: async (_root, args, context) => {
        const request = pageRequest(args, PAGE_SIZES.applications);
        const { first, page } = parseInput(pageArgsSchema, request, context.t, '');
        const { rows, total } = await context.services.applications.ofUser(
          context.viewer.user!.id,
          args.filters ?? {},
          { first, page },
        );
        return toPage(rows, total, { first, page });
      },
    }),
    viewApplication: t.field({
      type: ApplicationRef,
      extensions: access({
        record: 'application',
        allows: ['owner', 'manager', 'reviewer', 'applicant', 'admin'],
        refuses: 'NOT_FOUND',
      }),
      authScopes: { loggedIn: true },
      description: 'One application: its applicant, or the opportunity team reading it.',
      args: { id: t.arg.id({ required: true }) },
      resolve: async (_root, { id }, context) =>
        (await applicationFor(context, id, 'id')).application,
    }),
    applicationStatus: t.field({
      type: StatusInfoRef,
      extensions: access({
        record: 'application',
        allows: ['owner', 'manager', 'reviewer', 'applicant', 'admin'],
        refuses: 'NOT_FOUND',
      }),
      authScopes: { loggedIn: true },
      args: { id: t.arg.id({ required: true }) },
      resolve: async (_root, { id }, context) =>
        (await applicationFor(context, id, 'id')).application,
    }),
    applicationOpportunity: t.field({
      type: OpportunityRef,
      extensions: access({
        record: 'application',
        allows: ['owner', 'manager', 'reviewer', 'applicant', 'admin'],
        refuses: 'NOT_FOUND',
      }),
      authScopes: { loggedIn: true },
      description: 'The opportunity an application was made to.',
      args: { id: t.arg.id({ required: true }) },
      resolve: async (_root, { id }, context) => {
        const { application } = await applicationFor(context, id, 'id');
        return context.services.opportunities.requireById(application.opportunityId);
      },
    }),
    myApplication: t.field({
      type: ApplicationRef,
      nullable: true,
      extensions: access({ record: 'own' }),
      authScopes: { loggedIn: true },
      description:
        "The viewer's application to an opportunity, draft or sent; null before applying.",
      args: { opportunity: t.arg.id({ required: true }) },
      resolve: async (_root, args, context) =>
        (await context.services.applications.ofUserFor(
          context.viewer.user!.id,
          idOf(args.opportunity, 'opportunity'),
        )) ?? null,
    }),
  }));

  const SaveInput = builder.inputType('SaveApplicationInput', {
    fields: (t) => ({
      opportunity_id: t.id({ required: true }),
      form_type: t.field({ type: FormTypeEnum, required: true }),
      answers: t.field({ type: 'JSON', required: true, description: 'Answers by field slug.' }),
      payment_option_id: t.id({ required: false }),
    }),
  });
  const IdInput = builder.inputType('ApplicationIdInput', {
    fields: (t) => ({ id: t.id({ required: true }) }),
  });
  const ChangeStatusInput = builder.inputType('ChangeApplicationStatusInput', {
    fields: (t) => ({
      ids: t.idList({ required: true }),
      status: t.field({ type: ReviewApplicationStatusEnum, required: true }),
    }),
  });
  const saveSchema = z.object({
    opportunity_id: z.uuid(),
    form_type: z.enum(['GENERAL', 'INDIVIDUAL']),
    answers: z.record(z.string(), z.unknown()),
    payment_option_id: z.uuid().nullish(),
  });
  const changeStatusSchema = z.object({
    ids: z.array(z.uuid()).min(1).max(APPLICATION_LIMITS.bulk),
    status: z.enum(['IN_REVIEW', 'SHORTLISTED', 'ACCEPTED', 'DECLINED']),
  });

  builder.mutationFields((t) => ({
    saveApplication: t.field({
      type: ApplicationRef,
      extensions: access({ record: 'opportunity', allows: ['signedIn'], refuses: 'NOT_FOUND' }),
      authScopes: { loggedIn: true },
      description:
        "Starts or saves the viewer's application to an opportunity (a draft until submitted).",
      args: { input: t.arg({ type: SaveInput, required: true }) },
      resolve: async (_root, args, context) => {
        const input = parseInput(saveSchema, args.input, context.t);
        const grant = await context.access.opportunity(input.opportunity_id);
        const opportunity = await context.services.opportunities.requireById(input.opportunity_id);
        if (!opportunityPolicy.view(grant, opportunity)) throw AppError.notFound('opportunity');
        return context.services.applications.save(input, await applicantOf(context), context.t);
      },
    }),
    submitApplication: t.field({
      type: ApplicationRef,
      extensions: access({ record: 'application', allows: ['applicant'], refuses: 'NOT_FOUND' }),
      authScopes: { loggedIn: true },
      description: 'Sends a draft; a paid opportunity keeps it waiting for payment.',
      args: { input: t.arg({ type: IdInput, required: true }) },
      resolve: async (_root, args, context) =>
        context.services.applications.submit(
          idOf(args.input.id, 'input.id'),
          await applicantOf(context),
          context.t,
        ),
    }),
    withdrawApplication: t.field({
      type: ApplicationRef,
      extensions: access({ record: 'application', allows: ['applicant'], refuses: 'NOT_FOUND' }),
      authScopes: { loggedIn: true },
      args: { input: t.arg({ type: IdInput, required: true }) },
      resolve: async (_root, args, context) =>
        context.services.applications.withdraw(
          idOf(args.input.id, 'input.id'),
          await applicantOf(context),
        ),
    }),
    changeApplicationStatus: t.field({
      type: [ApplicationRef],
      extensions: access({
        record: 'application',
        allows: ['owner', 'manager', 'admin'],
        refuses: 'NOT_FOUND',
      }),
      authScopes: { loggedIn: true },
      description:
        'Shortlists, accepts or declines one or many applications; each applicant is emailed.',
      args: { input: t.arg({ type: ChangeStatusInput, required: true }) },
      resolve: async (_root, args, context) => {
        const input = parseInput(changeStatusSchema, args.input, context.t);
        for (const [index, id] of input.ids.entries()) {
          await applicationFor(context, id, `input.ids.${index}`, ({ grant }) =>
            applicationPolicy.changeStatus(grant),
          );
        }
        return context.services.applications.changeStatus(input.ids, input.status, {
          id: context.viewer.user!.id,
        });
      },
    }),
  }));
}
