import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { notifications } from '../src/modules/notifications/notifications.table';
import type { TestAccount } from './accounts';
import type { TestServer } from './harness';

/** A notification as the notification centre lists it. */
export interface ListedNotice {
  type: string;
  title: string;
  message: string | null;
  url_path: string | null;
  is_read: boolean;
}

const LIST = `{ universalNotifications(per_page: 100) {
  data { type title message url_path is_read } } }`;

/** The account's notices of one kind, newest first, read through the real API. */
export async function noticesOf(
  server: TestServer,
  who: TestAccount,
  type: string,
): Promise<ListedNotice[]> {
  const listed = await server.graphql<{ universalNotifications: { data: ListedNotice[] } }>(
    LIST,
    {},
    who.headers,
  );
  expect(listed.body.errors).toBeUndefined();
  return listed.body.data!.universalNotifications.data.filter((notice) => notice.type === type);
}

/**
 * Who holds a notice of this kind about this subject (`application:…`), named by the keys of
 * `people` (an unknown account by its id), sorted: a test compares it with exactly who should.
 */
export async function recipientsOf(
  server: TestServer,
  people: Record<string, TestAccount>,
  type: string,
  subject: string,
): Promise<string[]> {
  const rows = await server.database.db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(and(eq(notifications.type, type), eq(notifications.subject, subject)));
  const nameOf = new Map(Object.entries(people).map(([name, account]) => [account.id, name]));
  return rows.map((row) => nameOf.get(row.userId) ?? row.userId).sort();
}

const SAVE = `mutation($input: SaveApplicationInput!) { saveApplication(input: $input) { id code } }`;
const SUBMIT = `mutation($input: ApplicationIdInput!) { submitApplication(input: $input) { id status } }`;

/**
 * The account applies through the real API with the fixed answers of an individual form (a
 * Lisbon address), and submits unless asked to keep the draft.
 */
export async function applyTo(
  server: TestServer,
  opportunityId: string,
  account: TestAccount,
  { submit = true }: { submit?: boolean } = {},
): Promise<{ id: string; code: string }> {
  const saved = await server.graphql<{ saveApplication: { id: string; code: string } }>(
    SAVE,
    {
      input: {
        opportunity_id: opportunityId,
        form_type: 'INDIVIDUAL',
        answers: {
          full_name: 'Ada Lovelace',
          email: account.email,
          address: { label: 'Rua das Flores 12, Lisbon', city_id: '2267057', country_code: 'PT' },
        },
      },
    },
    account.headers,
  );
  expect(saved.body.errors).toBeUndefined();
  const { id, code } = saved.body.data!.saveApplication;
  if (submit) {
    const submitted = await server.graphql(SUBMIT, { input: { id } }, account.headers);
    expect(submitted.body.errors).toBeUndefined();
  }
  return { id, code };
}
