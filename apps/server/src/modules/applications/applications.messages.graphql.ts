import { access } from '../../graphql/access-outcome';
import { APPLICATION_LIMITS, MESSAGE_STATUSES, pageArgsSchema } from '@encore/core';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { pageRequest, paginatorType, toPage } from '../../graphql/pagination';
import { AppError } from '../../lib/errors';
import { parseInput } from '../../lib/validation';
import { fileUrl, thumbUrl } from '../files/files.graphql';
import type { ApplicationMessageView } from './applications.messages';
import { applicationFor, type ApplicationAccess } from './applications.refs';
import { applicationPolicy } from './applications.service';

/** A conversation page; page 1 is the newest messages (applications.messages.ts). */
const MESSAGES_PAGE_SIZE = 50;

/** The applicant on their own application, or the team member who decides on it. */
const writesOrReads = (context: GraphQLContext) => (access: ApplicationAccess) =>
  applicationPolicy.isApplicant(context.viewer.user?.id, access.application) ||
  applicationPolicy.messageAsTeam(access.grant);

function parseMessage(message: string, context: GraphQLContext): string {
  const trimmed = message.trim();
  const refuse = (text: string): never => {
    throw AppError.validation({ 'input.message': [text] });
  };
  if (trimmed === '') refuse(context.t('errors.application_message_required'));
  if (trimmed.length > APPLICATION_LIMITS.messageLength) {
    refuse(
      context.t('errors.application_message_too_long', { max: APPLICATION_LIMITS.messageLength }),
    );
  }
  return trimmed;
}

export function registerApplicationMessagesGraphQL(): void {
  const MessageStatusEnum = builder.enumType('MessageStatus', {
    values: MESSAGE_STATUSES,
    description: 'PENDING until the other side has seen it; FAILED when its email notice failed.',
  });

  const MessageRef = builder.objectRef<ApplicationMessageView>('ApplicationMessage').implement({
    description: 'A message between the applicant and the organisation about an application.',
    fields: (t) => ({
      id: t.exposeID('id'),
      message: t.exposeString('message'),
      user_id: t.exposeID('senderId', {
        nullable: true,
        description: 'Who wrote it; null once the account is deleted.',
      }),
      status: t.field({ type: MessageStatusEnum, resolve: (row) => row.status }),
      seen_at: t.field({
        type: 'DateTime',
        nullable: true,
        description: 'When the other side first read it.',
        resolve: (row) => row.seenAt,
      }),
      created_at: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
      from_organisation: t.exposeBoolean('fromOrganisation', {
        description: "Written on the organisation's side: shown with its name and logo.",
      }),
      sender_name: t.exposeString('senderName', {
        description: "The organisation's name on its side, the applicant's on theirs.",
      }),
      sender_avatar: t.string({
        nullable: true,
        description: "The organisation's logo, or the applicant's picture.",
        resolve: (row) =>
          row.senderAvatar ? (thumbUrl(row.senderAvatar) ?? fileUrl(row.senderAvatar)) : null,
      }),
      is_mine: t.exposeBoolean('isMine', { description: 'The viewer wrote it.' }),
    }),
  });

  const MessagePaginator = paginatorType('ApplicationMessage', MessageRef);

  builder.queryFields((t) => ({
    applicationMessages: t.field({
      type: MessagePaginator,
      extensions: access({
        record: 'application',
        allows: ['owner', 'manager', 'applicant', 'admin'],
        refuses: 'NOT_FOUND',
      }),
      authScopes: { loggedIn: true },
      description:
        "The conversation about an application: its applicant, or the team with manage_applications. Page 1 holds the newest messages, each page oldest first; reading marks the other side's messages as SENT.",
      args: {
        application: t.arg.id({ required: true }),
        first: t.arg.int({ required: false }),
        page: t.arg.int({ required: false }),
      },
      resolve: async (_root, args, context) => {
        const request = parseInput(
          pageArgsSchema,
          pageRequest(args, MESSAGES_PAGE_SIZE),
          context.t,
          '',
        );
        const { application } = await applicationFor(
          context,
          args.application,
          'application',
          writesOrReads(context),
        );
        const { rows, total } = await context.services.applicationMessages.page(
          application,
          context.viewer.user!.id,
          request,
        );
        return toPage(rows, total, request);
      },
    }),
  }));

  const SendInput = builder.inputType('SendApplicationMessageInput', {
    fields: (t) => ({
      application_id: t.id({ required: true }),
      message: t.string({ required: true }),
    }),
  });

  builder.mutationFields((t) => ({
    sendApplicationMessage: t.field({
      type: MessageRef,
      extensions: access({
        record: 'application',
        allows: ['owner', 'manager', 'applicant', 'admin'],
        refuses: 'NOT_FOUND',
      }),
      authScopes: { loggedIn: true },
      description:
        'Writes to the other side of an application (the applicant, or the team with manage_applications) and emails them a notice.',
      args: { input: t.arg({ type: SendInput, required: true }) },
      resolve: async (_root, { input }, context) => {
        const message = parseMessage(input.message, context);
        const { application } = await applicationFor(
          context,
          input.application_id,
          'input.application_id',
          writesOrReads(context),
        );
        if (!applicationPolicy.isShownToTeam(application)) {
          throw new AppError(
            'CONFLICT',
            'Send your application before writing to the organisers.',
            {
              messageKey: 'errors.application_message_draft',
            },
          );
        }
        return context.services.applicationMessages.send(
          application,
          context.viewer.user!.id,
          message,
        );
      },
    }),
  }));
}
