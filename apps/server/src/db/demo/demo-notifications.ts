import { and, count, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { createOutbox } from '../../events/outbox';
import { createInvalidationBus } from '../../lib/invalidation';
import { createSealer } from '../../lib/sealed';
import { applications } from '../../modules/applications/applications.table';
import { createNotificationPreferences } from '../../modules/notifications/notifications.preferences';
import { createNotificationsService } from '../../modules/notifications/notifications.service';
import { notifications } from '../../modules/notifications/notifications.table';
import { opportunities } from '../../modules/opportunities/opportunities.table';
import { createUsersService } from '../../modules/users/users.service';
import { users } from '../../modules/users/users.table';
import type { Database } from '../client';
import { seedDemoTeamNotifications } from './demo-team-notifications';

const HOUR = 60 * 60 * 1000;

/**
 * Unread notifications for the demo's applicant and organiser, as the event handlers would have
 * written them from the demo's history (demo-applications.ts), each in its reader's language:
 * Amira (French) hears that she was accepted to the Songwriter Circle and that Maya wrote to her;
 * Maya hears of the applications, Lukas's review and his joining her team
 * (demo-team-notifications.ts), and of Amira's answer. Once, on a database that has none.
 */
export async function seedDemoNotifications(db: Database): Promise<void> {
  const [existing] = await db.select({ value: count() }).from(notifications);
  if ((existing?.value ?? 0) > 0) return;
  const [amira] = await db.select().from(users).where(eq(users.email, 'amira@performer.test'));
  const [maya] = await db.select().from(users).where(eq(users.email, 'maya@harbourlights.test'));
  if (!amira || !maya) return;
  const [accepted] = await db
    .select({ id: applications.id, code: applications.code, title: opportunities.title })
    .from(applications)
    .innerJoin(opportunities, eq(opportunities.id, applications.opportunityId))
    .where(
      and(
        eq(applications.userId, amira.id),
        eq(opportunities.slug, 'lighthouse-songwriter-circle'),
      ),
    );
  if (!accepted) return;

  const at = (hoursAgo: number) => {
    const clock = () => new Date(Date.now() - hoursAgo * HOUR);
    const users = createUsersService(db, createInvalidationBus({ prefix: '' }));
    return createNotificationsService({
      db,
      users,
      outbox: createOutbox({ db, clock }),
      clock,
      preferences: createNotificationPreferences({
        db,
        users,
        sealer: createSealer(randomUUID()),
        clock,
        publicUrl: '',
      }),
    });
  };
  await seedDemoTeamNotifications(db, maya, at);
  const subject = `application:${accepted.id}`;
  await at(26).notify(randomUUID(), [
    {
      userId: amira.id,
      type: 'application_status',
      subject,
      urlPath: `/application/${accepted.id}`,
      params: { opportunity: accepted.title, code: accepted.code },
      translatedParams: { status: 'emails:application_statuses.ACCEPTED' },
    },
  ]);
  await at(25).notify(randomUUID(), [
    {
      userId: amira.id,
      type: 'application_message',
      subject,
      urlPath: `/application/${accepted.id}`,
      params: {
        sender: 'Harbour Lights Festival',
        opportunity: accepted.title,
        code: accepted.code,
        excerpt: 'Welcome to the circle! Soundcheck is at 17:30; can you bring your own guitar?',
      },
    },
  ]);
  await at(3).notify(randomUUID(), [
    {
      userId: maya.id,
      type: 'application_message',
      subject,
      urlPath: `/application/${accepted.id}/review`,
      params: {
        sender: amira.name,
        opportunity: accepted.title,
        code: accepted.code,
        excerpt: 'Thank you so much! Yes, I will bring my guitar and a capo.',
      },
    },
  ]);
}
