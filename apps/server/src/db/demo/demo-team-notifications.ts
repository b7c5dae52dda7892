import { and, eq, inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { applicationComments, applications } from '../../modules/applications/applications.table';
import {
  applicationReviewNotices,
  invitationAnsweredNotice,
  newApplicationNotices,
} from '../../modules/notifications/notifications.notices';
import type { NotificationsService } from '../../modules/notifications/notifications.service';
import { opportunities } from '../../modules/opportunities/opportunities.table';
import type { UserRow } from '../../modules/users/users.service';
import { users } from '../../modules/users/users.table';
import type { Database } from '../client';

const DAY_HOURS = 24;
const LIGHTHOUSE = 'lighthouse-songwriter-circle';

/**
 * Maya's side of the demo's history at the lighthouse songwriter circle, written with the notices
 * the event handlers write (notifications.notices.ts) and timed as demo-applications.ts tells it:
 * Lukas accepted her invitation to review a week ago; Amira, Jonas, Chloé and Mateo applied since
 * (she has dealt with Amira and Jonas, so those two are read); Lukas commented on Chloé's song.
 */
export async function seedDemoTeamNotifications(
  db: Database,
  maya: UserRow,
  at: (hoursAgo: number) => NotificationsService,
): Promise<void> {
  const [lukas] = await db.select().from(users).where(eq(users.email, 'lukas@klangwerk.test'));
  const [lighthouse] = await db
    .select()
    .from(opportunities)
    .where(eq(opportunities.slug, LIGHTHOUSE));
  if (!lukas || !lighthouse) return;
  const applied = await db
    .select({
      id: applications.id,
      code: applications.code,
      name: applications.name,
      artistName: applications.artistName,
      email: users.email,
      submittedAt: applications.submittedAt,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .where(
      and(
        eq(applications.opportunityId, lighthouse.id),
        inArray(users.email, [
          'amira@performer.test',
          'jonas@performer.test',
          'chloe@performer.test',
          'mateo@performer.test',
        ]),
      ),
    );
  const byEmail = new Map(applied.map((row) => [row.email, row]));

  await at(7 * DAY_HOURS).notify(randomUUID(), [
    invitationAnsweredNotice(
      {
        inviterId: maya.id,
        accepted: true,
        team: lighthouse.title,
        subject: `opportunity:${lighthouse.id}`,
        urlPath: `/opportunity/${lighthouse.slug}/dashboard`,
        roleKey: 'emails:opportunity_roles.reviewer',
      },
      lukas.name,
    ),
  ]);

  const read: string[] = [];
  const oldestFirst = [...applied].sort(
    (a, b) => (a.submittedAt?.getTime() ?? 0) - (b.submittedAt?.getTime() ?? 0),
  );
  for (const application of oldestFirst) {
    const hoursAgo = application.submittedAt
      ? Math.max(1, Math.round((Date.now() - application.submittedAt.getTime()) / 3_600_000))
      : DAY_HOURS;
    const [notice] = await at(hoursAgo).notify(
      randomUUID(),
      newApplicationNotices(
        {
          applicationId: application.id,
          code: application.code,
          applicantName: application.artistName || application.name || application.email,
        },
        lighthouse.title,
        [maya.id],
      ),
    );
    const decided = ['amira@performer.test', 'jonas@performer.test'].includes(application.email);
    if (notice && decided) read.push(notice.id);
  }
  for (const id of read) await at(0).markRead(maya.id, id);

  const chloe = byEmail.get('chloe@performer.test');
  if (!chloe) return;
  const [comment] = await db
    .select({ content: applicationComments.content })
    .from(applicationComments)
    .where(
      and(
        eq(applicationComments.applicationId, chloe.id),
        eq(applicationComments.userId, lukas.id),
        eq(applicationComments.isComment, true),
      ),
    );
  if (!comment) return;
  await at(2 * DAY_HOURS).notify(
    randomUUID(),
    applicationReviewNotices(
      { applicationId: chloe.id, code: chloe.code },
      { kind: 'comment', content: comment.content },
      { reviewer: lukas.name, opportunity: lighthouse.title },
      [maya.id],
    ),
  );
}
