import { eq } from 'drizzle-orm';
import { negotiateLocale } from '@encore/core';
import { domainEvent } from '../../events/domain-events';
import { domainEvents } from '../../events/events.table';
import { accountAggregate } from '../../modules/auth/auth.events';
import { users } from '../../modules/users/users.table';
import type { Database } from '../client';

/** Whose email bounced: a demo performer (demo-data.ts). */
const BOUNCED_ACCOUNT = 'jonas@performer.test';
const HOUR = 60 * 60 * 1000;

/**
 * One delivery that failed for good, so that /admin/events has something to show: the "your
 * password was changed" email to Jonas, which his mail server kept refusing (mailbox full) until
 * the dispatcher gave up. Written as the dispatcher leaves such an event: ten tries, 2 s to
 * 1024 s apart. Sending it again from the page delivers it (into /dev/mail without SMTP_URL).
 */
export async function seedDemoFailedDelivery(db: Database): Promise<void> {
  const [person] = await db
    .select({ id: users.id, email: users.email, name: users.name, locale: users.locale })
    .from(users)
    .where(eq(users.email, BOUNCED_ACCOUNT));
  if (!person) return;
  const event = domainEvent('PasswordChanged', accountAggregate(person.id), {
    userId: person.id,
    email: person.email,
    name: person.name,
    locale: negotiateLocale(person.locale),
  });
  const occurredAt = new Date(Date.now() - 26 * HOUR);
  const lastTriedAt = new Date(occurredAt.getTime() + 1_022_000);
  await db.insert(domainEvents).values({
    ...event,
    occurredAt,
    status: 'failed',
    attempts: 10,
    nextAttemptAt: new Date(lastTriedAt.getTime() + 1_024_000),
    lastError: `mail: Can't send mail - all recipients were rejected: 452 4.2.2 <${person.email}>: Mailbox full`,
  });
}
