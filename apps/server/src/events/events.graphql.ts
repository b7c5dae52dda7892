import { pageArgsSchema } from '@encore/core';
import { z } from 'zod';
import { access } from '../graphql/access-outcome';
import { builder } from '../graphql/builder';
import { pageRequest, paginatorType, toPage } from '../graphql/pagination';
import { parseInput } from '../lib/validation';
import type { AdminDomainEvent } from './events.admin';

const FAILED_EVENTS_PAGE_SIZE = 20;

const DOMAIN_EVENT_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
type DomainEventStatus = (typeof DOMAIN_EVENT_STATUSES)[number];

const statusOf = (row: AdminDomainEvent): DomainEventStatus =>
  DOMAIN_EVENT_STATUSES.find((status) => status === row.status.toUpperCase()) ?? 'PENDING';

const retrySchema = z.strictObject({ id: z.uuid() });

/** The outbox as platform administrators see it (events/events.admin.ts). */
export function registerDomainEventsGraphQL(): void {
  const StatusEnum = builder.enumType('DomainEventStatus', { values: DOMAIN_EVENT_STATUSES });

  const DomainEventRef = builder.objectRef<AdminDomainEvent>('DomainEvent').implement({
    description:
      'Something that happened, on its way to the features that react to it (an email to send). ' +
      'Its payload is never shown: it holds personal data and sealed tokens.',
    fields: (t) => ({
      id: t.exposeID('id'),
      name: t.exposeString('name', { description: 'What happened: `PasswordChanged`, …' }),
      aggregate: t.exposeString('aggregate', {
        description: 'What it is about, as `type:id` (`user:…`).',
      }),
      status: t.field({ type: StatusEnum, resolve: statusOf }),
      attempts: t.exposeInt('attempts', { description: 'Tries since it was written or retried.' }),
      last_error: t.exposeString('lastError', {
        nullable: true,
        description: 'Why the last try failed, one line a handler.',
      }),
      occurred_at: t.field({ type: 'DateTime', resolve: (row) => row.occurredAt }),
      next_attempt_at: t.field({ type: 'DateTime', resolve: (row) => row.nextAttemptAt }),
    }),
  });
  const DomainEventPaginator = paginatorType('DomainEvent', DomainEventRef);

  builder.queryFields((t) => ({
    failedDomainEvents: t.field({
      type: DomainEventPaginator,
      description: 'Events whose delivery failed for good, the latest first: for administrators.',
      extensions: access({ record: 'failedEvent', allows: ['admin'], refuses: 'FORBIDDEN' }),
      authScopes: { admin: true },
      args: {
        first: t.arg.int({ required: false }),
        page: t.arg.int({ required: false }),
      },
      resolve: async (_root, args, context) => {
        const request = parseInput(
          pageArgsSchema,
          pageRequest(args, FAILED_EVENTS_PAGE_SIZE),
          context.t,
          '',
        );
        const { rows, total } = await context.services.events.admin.failed(request);
        return toPage(rows, total, request);
      },
    }),
  }));

  builder.mutationFields((t) => ({
    retryDomainEvent: t.field({
      type: DomainEventRef,
      description:
        'Puts a failed event back in line for a fresh round of tries; answers it as it stands now.',
      extensions: access({ record: 'failedEvent', allows: ['admin'], refuses: 'FORBIDDEN' }),
      authScopes: { admin: true },
      args: { id: t.arg.id({ required: true }) },
      resolve: (_root, args, context) => {
        const { id } = parseInput(retrySchema, { id: args.id }, context.t, '');
        return context.services.events.admin.retry(id);
      },
    }),
  }));
}
