import {
  createOpportunitySchema,
  type OpportunityPermission,
  type ApplicationStatus,
  type FormType,
  type LocationAnswer,
  type PaymentStatus,
} from '@encore/core';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, type TestAccount } from '../../../test/accounts';
import { asUser, startTestServer, type TestServer } from '../../../test/harness';
import { insertOrganisation } from '../../../test/organisations';
import { files } from '../files/files.table';
import { opportunities, opportunityMembers } from '../opportunities/opportunities.table';
import type { OpportunityRow } from '../opportunities/opportunities.service';
import type { OrganisationRow } from '../organisations/organisations.table';
import { users } from '../users/users.table';
import { applications } from './applications.table';

type Role = 'owner' | 'admin' | 'manager' | 'reviewer' | 'member' | 'performer' | 'stranger';
let server: TestServer;
const people = {} as Record<Role | 'elsewhere', TestAccount>;
const applicants = {} as Record<'alice' | 'bob' | 'carol' | 'dave', string>;
let harbour: OrganisationRow;
let other: OrganisationRow;
let festival: OpportunityRow;
let sessions: OpportunityRow;
let faraway: OpportunityRow;
let avatarId: string;

/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read freely in assertions; a wrong path fails them */
type Answer = { data?: any; errors?: any };
const call = async (
  query: string,
  variables: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Answer> => (await server.graphql(query, variables, headers)).body as Answer;

async function publishedOpportunity(
  organisation: OrganisationRow,
  owner: TestAccount,
  title: string,
) {
  const actor = { id: owner.id, email: owner.email };
  const row = await server.app.services.opportunities.create(
    createOpportunitySchema.parse({
      organisation_id: organisation.id,
      title,
      time_zone: 'Europe/Lisbon',
      summary: 'Play the harbour stage.',
      description: '<p>Three songs.</p>',
      deadline_date: '2099-04-01 23:59',
      start_date: '2099-05-01 19:00',
      end_date: '2099-05-02 23:00',
      types: ['festival'],
      target: ['INDIVIDUALS', 'BANDS'],
      is_virtual: true,
    }),
    actor,
  );
  return server.app.services.opportunities.publish(row.id, actor);
}

async function applicant(name: string, profile: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await server.database.db
    .insert(users)
    .values({
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now().toString(36)}@example.test`,
      passwordHash: 'x',
      ...profile,
    })
    .returning({ id: users.id });
  return row!.id;
}

let codeCount = 0;
async function application(
  opportunity: OpportunityRow,
  userId: string,
  fields: {
    name: string;
    status?: ApplicationStatus;
    paymentStatus?: PaymentStatus | null;
    formType?: FormType;
    artistName?: string;
    address?: LocationAnswer;
    createdAt: string;
  },
) {
  const [account] = await server.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  await server.database.db.insert(applications).values({
    code: `APL-${String((codeCount += 1)).padStart(6, '0')}`,
    opportunityId: opportunity.id,
    userId,
    formType: fields.formType ?? 'INDIVIDUAL',
    formSnapshot: [],
    answers: { full_name: fields.name, ...(fields.address ? { address: fields.address } : {}) },
    status: fields.status ?? 'SUBMITTED',
    paymentStatus: fields.paymentStatus ?? null,
    name: fields.name,
    email: account!.email,
    artistName: fields.artistName ?? null,
    address: String(fields.address?.label ?? ''),
    createdAt: new Date(fields.createdAt),
  });
}

beforeAll(async () => {
  server = await startTestServer();
  for (const role of [
    'owner',
    'admin',
    'manager',
    'reviewer',
    'member',
    'performer',
    'stranger',
    'elsewhere',
  ] as const) {
    people[role] = await registerAccount(server, { name: `Pat ${role}` });
  }
  harbour = await insertOrganisation(server.database.db, { name: 'Harbour Lights' }, [
    { userId: people.owner.id, email: people.owner.email, role: 'owner' },
    { userId: people.admin.id, email: people.admin.email, role: 'admin' },
    { userId: people.member.id, email: people.member.email, role: 'member' },
  ]);
  other = await insertOrganisation(server.database.db, { name: 'Far Away Fest' }, [
    { userId: people.elsewhere.id, email: people.elsewhere.email, role: 'owner' },
  ]);
  festival = await publishedOpportunity(harbour, people.owner, 'Harbour Festival');
  sessions = await publishedOpportunity(harbour, people.owner, 'Harbour Sessions');
  faraway = await publishedOpportunity(other, people.elsewhere, 'Faraway Nights');
  await server.database.db.insert(opportunityMembers).values([
    {
      opportunityId: festival.id,
      userId: people.manager.id,
      email: people.manager.email,
      role: 'manager',
      permissions: ['full_access'],
    },
    {
      opportunityId: festival.id,
      userId: people.reviewer.id,
      email: people.reviewer.email,
      role: 'reviewer',
      permissions: ['rate', 'comment'],
    },
  ]);

  const [avatar] = await server.database.db
    .insert(files)
    .values({
      ownerType: 'user-avatar',
      originalName: 'alice.webp',
      mimeType: 'image/webp',
      extension: 'webp',
      size: 10,
      storageKey: `test/${Date.now().toString(36)}/alice.webp`,
      visibility: 'public',
    })
    .returning({ id: files.id });
  avatarId = avatar!.id;
  applicants.alice = await applicant('Alice Almeida', {
    cityId: '2267057',
    countryCode: 'PT',
    avatarFileId: avatarId,
  });
  applicants.bob = await applicant('Bob Band');
  applicants.carol = await applicant('Carol Far');
  applicants.dave = await applicant('Dave Draft');
  await application(festival, applicants.alice, {
    name: 'Alice Almeida',
    createdAt: '2027-02-01T10:00:00Z',
  });
  await application(sessions, applicants.alice, {
    name: 'Alice Almeida',
    status: 'SHORTLISTED',
    paymentStatus: 'SUCCEEDED',
    createdAt: '2027-02-03T10:00:00Z',
  });
  await application(festival, applicants.bob, {
    name: 'Bruno Bastos',
    formType: 'GENERAL',
    artistName: 'Velvet Tides',
    status: 'ACCEPTED',
    address: { label: 'Calle Mayor 1, Madrid', country_code: 'ES' },
    createdAt: '2027-02-02T10:00:00Z',
  });
  await application(faraway, applicants.carol, {
    name: 'Carol Far',
    createdAt: '2027-02-04T10:00:00Z',
  });
  await application(festival, applicants.dave, {
    name: 'Dave Draft',
    status: 'DRAFT',
    createdAt: '2027-02-05T10:00:00Z',
  });
});
afterAll(async () => {
  await server?.close();
});

const SUMMARY = `paginatorInfo { total count currentPage lastPage }
  data { id name email created_at location_name applications_count payment_status
    country { code } status avatar { id } is_blind }`;
const ORGANISATION = `query($slug: String!, $first: Int, $page: Int) {
  organisationApplicants(slug: $slug, first: $first, page: $page) { ${SUMMARY} } }`;
const OPPORTUNITIES = `query($slugs: [String!]!) { opportunityApplicants(slugs: $slugs) { ${SUMMARY} } }`;
const USER = `query($id: ID!) { user(id: $id) { id name } }`;
const ALL = `query($oppSlugs: [String!], $orgSlug: String, $type: ApplicantType, $filter: String) {
  allApplicants(oppSlugs: $oppSlugs, orgSlug: $orgSlug, type: $type, filter: $filter) { ${SUMMARY} } }`;

const ids = (body: Answer, field: string) =>
  body.data[field].data.map((row: { id: string }) => row.id);

describe('applicant summaries', () => {
  it("sums up each applicant to the organisation's opportunities: their latest application, how many, where from", async () => {
    const body = await call(ORGANISATION, { slug: harbour.slug }, people.owner.headers);
    expect(body.errors).toBeUndefined();
    const alice = await server.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, applicants.alice));
    expect(body.data.organisationApplicants).toEqual({
      paginatorInfo: { total: 2, count: 2, currentPage: 1, lastPage: 1 },
      data: [
        {
          id: applicants.alice,
          name: 'Alice Almeida',
          email: alice[0]!.email,
          created_at: '2027-02-03 10:00:00',
          location_name: 'Lisbon',
          applications_count: 2,
          payment_status: 'SUCCEEDED',
          country: { code: 'PT' },
          status: 'SHORTLISTED',
          avatar: { id: avatarId },
          is_blind: false,
        },
        expect.objectContaining({
          id: applicants.bob,
          name: 'Bruno Bastos',
          created_at: '2027-02-02 10:00:00',
          location_name: 'Calle Mayor 1, Madrid',
          applications_count: 1,
          payment_status: null,
          country: { code: 'ES' },
          status: 'ACCEPTED',
          avatar: null,
        }),
      ],
    });
  });

  it('pages by applicant, not by application', async () => {
    const body = await call(
      ORGANISATION,
      { slug: harbour.slug, first: 1, page: 2 },
      people.admin.headers,
    );
    expect(body.data.organisationApplicants.paginatorInfo).toEqual({
      total: 2,
      count: 1,
      currentPage: 2,
      lastPage: 2,
    });
    expect(ids(body, 'organisationApplicants')).toEqual([applicants.bob]);
  });

  it('narrows all applicants by opportunities, organisation, band or individual, and name or email', async () => {
    const owner = people.owner.headers;
    expect(ids(await call(ALL, {}, owner), 'allApplicants')).toEqual([
      applicants.alice,
      applicants.bob,
    ]);
    expect(ids(await call(ALL, { type: 'BAND' }, owner), 'allApplicants')).toEqual([
      applicants.bob,
    ]);
    expect(ids(await call(ALL, { type: 'INDIVIDUAL' }, owner), 'allApplicants')).toEqual([
      applicants.alice,
    ]);
    expect(ids(await call(ALL, { filter: 'álmeida' }, owner), 'allApplicants')).toEqual([
      applicants.alice,
    ]);
    const bySlug = await call(ALL, { oppSlugs: [festival.slug] }, owner);
    expect(bySlug.data.allApplicants.data).toEqual([
      expect.objectContaining({ id: applicants.bob, applications_count: 1 }),
      expect.objectContaining({ id: applicants.alice, applications_count: 1, status: 'SUBMITTED' }),
    ]);
    expect(
      ids(await call(ALL, { orgSlug: other.slug }, people.elsewhere.headers), 'allApplicants'),
    ).toEqual([applicants.carol]);
    // A platform admin sees every applicant anywhere.
    expect(ids(await call(ALL, {}, asUser(people.stranger.id, 'admin')), 'allApplicants')).toEqual([
      applicants.carol,
      applicants.alice,
      applicants.bob,
    ]);
    // Someone else's opportunity refuses the whole call.
    const foreign = await call(ALL, { oppSlugs: [festival.slug, faraway.slug] }, owner);
    expect(foreign.errors[0].extensions.category).toBe('authorization');
    const unknown = await call(ALL, { oppSlugs: ['no-such-opportunity'] }, owner);
    expect(unknown.errors[0].extensions.category).toBe('not-found');
  });

  it('hides who applied from a blind reviewer, and does not let them find people by name', async () => {
    await server.database.db
      .update(opportunities)
      .set({ blindReview: true })
      .where(eq(opportunities.id, festival.id));
    try {
      const blind = await call(ALL, {}, people.reviewer.headers);
      expect(blind.data.allApplicants.data).toEqual([
        {
          // Not the account: an id of the applicant within the festival (applications.blind-review.test.ts).
          id: expect.stringMatching(/^ap_/),
          name: null,
          email: null,
          created_at: '2027-02-02 10:00:00',
          location_name: null,
          applications_count: 1,
          payment_status: null,
          country: null,
          status: 'ACCEPTED',
          avatar: null,
          is_blind: true,
        },
        expect.objectContaining({ name: null, avatar: null, is_blind: true }),
      ]);
      expect(ids(blind, 'allApplicants')).not.toContain(applicants.alice);
      expect(ids(blind, 'allApplicants')).not.toContain(applicants.bob);
      expect(
        (await call(ALL, { filter: 'Alice' }, people.reviewer.headers)).data.allApplicants.data,
      ).toEqual([]);
      const manager = await call(ALL, { filter: 'Alice' }, people.manager.headers);
      expect(manager.data.allApplicants.data).toEqual([
        expect.objectContaining({ id: applicants.alice, name: 'Alice Almeida', is_blind: false }),
      ]);
      // Whoever owns both opportunities knows Alice there: one row, both applications.
      const owner = await call(ALL, { filter: 'Alice' }, people.owner.headers);
      expect(owner.data.allApplicants.data).toEqual([
        expect.objectContaining({ id: applicants.alice, applications_count: 2, is_blind: false }),
      ]);
    } finally {
      await server.database.db
        .update(opportunities)
        .set({ blindReview: false })
        .where(eq(opportunities.id, festival.id));
    }
  });
});

describe('applicant ids under blind review', () => {
  const blindOn = (ids: string[], blindReview: boolean) =>
    server.database.db
      .update(opportunities)
      .set({ blindReview })
      .where(inArray(opportunities.id, ids));
  const seat = (opportunity: OpportunityRow, permissions: OpportunityPermission[]) =>
    server.database.db.insert(opportunityMembers).values({
      opportunityId: opportunity.id,
      userId: people.reviewer.id,
      email: people.reviewer.email,
      role: permissions.includes('full_access') ? 'manager' : 'reviewer',
      permissions,
    });
  const unseat = (opportunity: OpportunityRow) =>
    server.database.db
      .delete(opportunityMembers)
      .where(
        and(
          eq(opportunityMembers.opportunityId, opportunity.id),
          eq(opportunityMembers.userId, people.reviewer.id),
        ),
      );

  it('keeps a blind application apart from the applicant the viewer knows through another opportunity', async () => {
    await blindOn([festival.id], true);
    await seat(sessions, ['full_access']);
    try {
      const body = await call(ALL, {}, people.reviewer.headers);
      expect(body.data.allApplicants.paginatorInfo.total).toBe(3);
      expect(body.data.allApplicants.data).toEqual([
        expect.objectContaining({
          id: applicants.alice,
          name: 'Alice Almeida',
          applications_count: 1,
          status: 'SHORTLISTED',
          is_blind: false,
        }),
        expect.objectContaining({ name: null, status: 'ACCEPTED', is_blind: true }),
        expect.objectContaining({ name: null, status: 'SUBMITTED', is_blind: true }),
      ]);
      const [, bob, alice] = ids(body, 'allApplicants');
      expect(bob).toMatch(/^ap_/);
      expect(alice).toMatch(/^ap_/);
      // The row the viewer may not know does not lead back to the account.
      const profile = await call(USER, { id: alice }, people.reviewer.headers);
      expect(profile.errors[0].extensions.category).toBe('not-found');
    } finally {
      await unseat(sessions);
      await blindOn([festival.id], false);
    }
  });

  it('gives an applicant one id within an opportunity and another in each, which user(id) takes for those who may know them', async () => {
    await blindOn([festival.id, sessions.id], true);
    await seat(sessions, ['rate', 'comment']);
    try {
      const first = await call(ALL, {}, people.reviewer.headers);
      const again = await call(ALL, {}, people.reviewer.headers);
      const rows = first.data.allApplicants.data as Array<{ id: string; status: string }>;
      expect(ids(again, 'allApplicants')).toEqual(ids(first, 'allApplicants'));
      // Alice's two applications, to the sessions (shortlisted) and to the festival (submitted).
      const sessionsId = rows.find((row) => row.status === 'SHORTLISTED')!.id;
      const festivalId = rows.find((row) => row.status === 'SUBMITTED')!.id;
      expect(new Set([sessionsId, festivalId, applicants.alice]).size).toBe(3);
      for (const id of [sessionsId, festivalId]) {
        const refused = await call(USER, { id }, people.reviewer.headers);
        expect(refused.errors[0].extensions.category).toBe('not-found');
        // The manager of the festival sees who applied to it, the owner to both.
        const owner = await call(USER, { id }, people.owner.headers);
        expect(owner.data.user).toEqual({ id: applicants.alice, name: 'Alice Almeida' });
      }
      expect((await call(USER, { id: festivalId }, people.manager.headers)).data.user.id).toBe(
        applicants.alice,
      );
      const manager = await call(USER, { id: sessionsId }, people.manager.headers);
      expect(manager.errors[0].extensions.category).toBe('not-found');
      // Anything else shaped like one names nobody.
      const forged = await call(USER, { id: `ap_${'A'.repeat(43)}` }, people.owner.headers);
      expect(forged.errors[0].extensions.category).toBe('not-found');
    } finally {
      await unseat(sessions);
      await blindOn([festival.id, sessions.id], false);
    }
  });
});

describe('who may list applicants', () => {
  it("organisationApplicants: the organisation's owners and admins, and platform admins", async () => {
    for (const role of ['owner', 'admin'] as const) {
      const body = await call(ORGANISATION, { slug: harbour.slug }, people[role].headers);
      expect(body.data.organisationApplicants.paginatorInfo.total, role).toBe(2);
    }
    const admin = await call(
      ORGANISATION,
      { slug: harbour.slug },
      asUser(people.stranger.id, 'admin'),
    );
    expect(admin.data.organisationApplicants.paginatorInfo.total).toBe(2);
    for (const role of ['member', 'manager', 'reviewer', 'performer', 'stranger'] as const) {
      const body = await call(ORGANISATION, { slug: harbour.slug }, people[role].headers);
      expect(body.errors[0].extensions.category, role).toBe('authorization');
    }
    expect((await call(ORGANISATION, { slug: harbour.slug })).errors[0].extensions.code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('opportunityApplicants: whoever manages the applications of every opportunity named', async () => {
    const both = { slugs: [festival.slug, sessions.slug] };
    expect(
      ids(await call(OPPORTUNITIES, both, people.owner.headers), 'opportunityApplicants'),
    ).toEqual([applicants.alice, applicants.bob]);
    const manager = await call(OPPORTUNITIES, { slugs: [festival.slug] }, people.manager.headers);
    expect(ids(manager, 'opportunityApplicants')).toEqual([applicants.bob, applicants.alice]);
    // The manager of one is refused the pair: nothing is listed at all.
    expect(
      (await call(OPPORTUNITIES, both, people.manager.headers)).errors[0].extensions.category,
    ).toBe('authorization');
    for (const role of ['reviewer', 'member', 'performer', 'stranger'] as const) {
      const body = await call(OPPORTUNITIES, { slugs: [festival.slug] }, people[role].headers);
      expect(body.errors[0].extensions.category, role).toBe('authorization');
    }
    const unknown = await call(
      OPPORTUNITIES,
      { slugs: [festival.slug, 'no-such-opportunity'] },
      people.owner.headers,
    );
    expect(unknown.errors[0].extensions.category).toBe('not-found');
    const none = await call(OPPORTUNITIES, { slugs: [] }, people.owner.headers);
    expect(Object.keys(none.errors[0].extensions.validation)).toEqual(['slugs']);
  });

  it('allApplicants: only the applicants of opportunities whose applications the viewer reads', async () => {
    for (const role of ['member', 'performer', 'stranger'] as const) {
      const body = await call(ALL, {}, people[role].headers);
      expect(body.data.allApplicants.paginatorInfo.total, role).toBe(0);
    }
    for (const role of ['reviewer', 'manager'] as const) {
      const body = await call(ALL, {}, people[role].headers);
      expect(ids(body, 'allApplicants'), role).toEqual([applicants.bob, applicants.alice]);
    }
    const member = await call(ALL, { orgSlug: harbour.slug }, people.member.headers);
    expect(member.data.allApplicants.paginatorInfo.total).toBe(0);
    expect((await call(ALL, {})).errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
