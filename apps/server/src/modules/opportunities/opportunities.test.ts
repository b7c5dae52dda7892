import { createOpportunitySchema, type OrganisationRole } from '@encore/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerAccount, type TestAccount } from '../../../test/accounts';
import { startTestServer, type TestServer } from '../../../test/harness';
import { insertOrganisation } from '../../../test/organisations';
import { connectPayoutAccount } from '../../../test/payments';
import type { OrganisationRow } from '../organisations/organisations.table';
import {
  opportunityEvents,
  opportunityMembers,
  opportunitySlugRedirects,
  opportunities,
} from './opportunities.table';

let server: TestServer;
/** The server's clock: each test sets it; opportunities read their status against it. */
let now = new Date('2027-03-01T10:00:00Z');
const at = (iso: string) => {
  now = new Date(iso);
};

type Role = 'stranger' | 'performer' | OrganisationRole | 'reviewer' | 'manager' | 'platform admin';
const ROLES: Role[] = [
  'stranger',
  'performer',
  'member',
  'editor',
  'reviewer',
  'manager',
  'admin',
  'owner',
  'platform admin',
];
const TEAM_ROLES: OrganisationRole[] = ['member', 'editor', 'admin', 'owner'];
const accounts = {} as Record<Exclude<Role, 'stranger'>, TestAccount>;
let organisation: OrganisationRow;

beforeAll(async () => {
  server = await startTestServer({}, { clock: () => now });
  for (const role of ROLES) {
    if (role === 'stranger') continue;
    accounts[role] = await registerAccount(server, { name: `Person ${role}` });
  }
  await server.app.services.users.setRole(accounts['platform admin'].id, 'admin');
  organisation = await insertOrganisation(
    server.database.db,
    { name: 'Riverside Festival' },
    TEAM_ROLES.map((role) => ({ userId: accounts[role].id, email: accounts[role].email, role })),
  );
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => at('2027-03-01T10:00:00Z'));

const headersOf = (role: Role) => (role === 'stranger' ? {} : accounts[role].headers);
/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read freely in assertions; a wrong path fails them */
type Answer = { data?: any; errors?: any };
const call = async (
  query: string,
  variables: Record<string, unknown>,
  role: Role,
): Promise<Answer> => (await server.graphql(query, variables, headersOf(role))).body as Answer;

const COMPLETE = {
  title: 'Summer Songwriters Night',
  time_zone: 'Europe/Lisbon',
  description: '<p>Three songs each, <strong>acoustic</strong>.</p><script>alert(1)</script>',
  summary: 'An acoustic night for new songwriters.',
  deadline_date: '2027-05-01 23:59',
  start_date: '2027-06-10 19:00',
  end_date: '2027-06-10 23:00',
  types: ['gig'],
  target: ['INDIVIDUALS'],
  is_virtual: true,
};

const OPPORTUNITY_FIELDS = `id slug title opp_status is_draft is_open description deadline_date
  local_dates { deadline_date start_date end_date publish_at } time_zone`;

/** A draft by the owner, with a reviewer and a manager of its own (not in the organisation). */
async function draft(fields: Record<string, unknown> = {}) {
  const owner = accounts.owner;
  const row = await server.app.services.opportunities.create(
    createOpportunitySchema.parse({ organisation_id: organisation.id, ...COMPLETE, ...fields }),
    { id: owner.id, email: owner.email },
  );
  for (const role of ['reviewer', 'manager'] as const) {
    await server.database.db.insert(opportunityMembers).values({
      opportunityId: row.id,
      userId: accounts[role].id,
      email: accounts[role].email,
      role,
      permissions: role === 'manager' ? ['full_access'] : ['rate', 'comment'],
    });
  }
  return row;
}

async function published(fields: Record<string, unknown> = {}) {
  const row = await draft(fields);
  const owner = accounts.owner;
  return server.app.services.opportunities.publish(row.id, { id: owner.id, email: owner.email });
}

describe('creating and saving drafts', () => {
  it('creates a draft with the creator as its manager, dates read in its time zone and the description sanitised', async () => {
    const body = await call(
      `mutation($input: CreateOpportunityInput!) { createOpportunity(input: $input) {
        ${OPPORTUNITY_FIELDS} managers { email role } opp_role { role permissions } } }`,
      { input: { organisation_id: organisation.id, ...COMPLETE } },
      'editor',
    );
    expect(body.errors).toBeUndefined();
    const created = body.data.createOpportunity;
    expect(created).toMatchObject({
      slug: 'summer-songwriters-night',
      opp_status: 'DRAFT',
      is_draft: true,
      is_open: false,
      time_zone: 'Europe/Lisbon',
      // Lisbon is on summer time (UTC+1) in May.
      deadline_date: '2027-05-01 22:59:00',
      local_dates: { deadline_date: '2027-05-01 23:59:00', start_date: '2027-06-10 19:00:00' },
      managers: [{ email: accounts.editor.email, role: 'manager' }],
      opp_role: { role: 'manager', permissions: ['full_access'] },
    });
    expect(created.description).toBe('<p>Three songs each, <strong>acoustic</strong>.</p>');
  });

  it('saves one step at a time and keeps the wall-clock times when the time zone changes', async () => {
    const row = await draft();
    const body = await call(
      `mutation($input: UpdateOpportunityInput!) { updateOpportunity(input: $input) { ${OPPORTUNITY_FIELDS} venue } }`,
      { input: { id: row.id, time_zone: 'America/New_York', venue: 'Harbour Hall' } },
      'owner',
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.updateOpportunity).toMatchObject({
      venue: 'Harbour Hall',
      time_zone: 'America/New_York',
      local_dates: { deadline_date: '2027-05-01 23:59:00' },
      deadline_date: '2027-05-02 03:59:00',
    });
  });

  it('names every field that is wrong, and saves nothing', async () => {
    const row = await draft();
    const body = await call(
      'mutation($input: UpdateOpportunityInput!) { updateOpportunity(input: $input) { id } }',
      {
        input: {
          id: row.id,
          time_zone: 'Mars/Olympus',
          genres: ['jazz', 'not-a-genre'],
          video_links: ['https://example.com/video'],
          min_age: 30,
          max_age: 18,
          venue: 'Changed',
        },
      },
      'owner',
    );
    expect(body.errors[0].extensions.category).toBe('validation');
    expect(Object.keys(body.errors[0].extensions.validation).sort()).toEqual(
      ['input.max_age', 'input.time_zone', 'input.video_links.0'].sort(),
    );
    const dates = await call(
      'mutation($input: UpdateOpportunityInput!) { updateOpportunity(input: $input) { id } }',
      {
        input: {
          id: row.id,
          genres: ['not-a-genre'],
          start_date: '2027-06-10 19:00',
          end_date: '2027-06-09 19:00',
          deadline_date: '2027-02-30 10:00',
        },
      },
      'owner',
    );
    expect(Object.keys(dates.errors[0].extensions.validation).sort()).toEqual(
      ['input.deadline_date', 'input.end_date', 'input.genres.0'].sort(),
    );
    const [saved] = await server.database.db
      .select()
      .from(opportunities)
      .where(eq(opportunities.id, row.id));
    expect(saved!.venue).toBeNull();
  });

  it('refuses to publish an incomplete draft and names what is missing', async () => {
    const row = await draft({
      description: null,
      types: [],
      is_virtual: false,
      payment_type: 'PAID_INTERNAL',
    });
    const body = await call(
      'mutation($input: OpportunityIdInput!) { publishOpportunity(input: $input) { id } }',
      { input: { id: row.id } },
      'owner',
    );
    expect(Object.keys(body.errors[0].extensions.validation).sort()).toEqual(
      [
        'input.city_id',
        'input.description',
        'input.payment_options',
        'input.payment_type',
        'input.types',
      ].sort(),
    );
  });

  it('keeps payment options in order with their prices, codes and deadlines', async () => {
    const row = await draft({
      payment_type: 'PAID_INTERNAL',
      payment_options: [
        {
          title: 'Early bird',
          cost: 1500,
          currency: 'eur',
          slots: 20,
          deadline_date: '2027-04-01',
        },
        { title: 'Regular', cost: 2500, currency: 'EUR' },
      ],
    });
    const body = await call(
      `query($slug: String!) { opportunity(slug: $slug) { is_paid payment_options {
        code title cost currency slots local_deadline_date } } }`,
      { slug: row.slug },
      'owner',
    );
    expect(body.data.opportunity).toEqual({
      is_paid: true,
      payment_options: [
        {
          code: 'EARLY-BIRD',
          title: 'Early bird',
          cost: 1500,
          currency: 'EUR',
          slots: 20,
          local_deadline_date: '2027-04-01 00:00:00',
        },
        {
          code: 'REGULAR',
          title: 'Regular',
          cost: 2500,
          currency: 'EUR',
          slots: null,
          local_deadline_date: null,
        },
      ],
    });
  });
});

describe('the lifecycle', () => {
  it('moves through scheduled, published, closed, active and archived as the clock passes each date', async () => {
    const row = await draft({ publish_at: '2027-03-10 09:00' });
    const owner = { id: accounts.owner.id, email: accounts.owner.email };
    const service = server.app.services.opportunities;
    expect((await service.publish(row.id, owner)).status).toBe('SCHEDULED');

    const steps: Array<[string, string, boolean]> = [
      // Lisbon keeps winter time (UTC+0) until the end of March.
      ['2027-03-10T08:59:00Z', 'SCHEDULED', false],
      ['2027-03-10T09:00:00Z', 'PUBLISHED', true],
      ['2027-05-01T22:58:59Z', 'PUBLISHED', true],
      ['2027-05-01T22:59:00Z', 'CLOSED', false],
      ['2027-06-10T18:00:00Z', 'ACTIVE', false],
      ['2027-06-10T22:00:00Z', 'ARCHIVED', false],
    ];
    for (const [time, status, open] of steps) {
      at(time);
      const read = await call(
        'query($slug: String!) { opportunity(slug: $slug) { opp_status is_open } }',
        { slug: row.slug },
        'performer',
      );
      expect(read.data.opportunity ?? { opp_status: 'hidden' }, time).toEqual(
        status === 'SCHEDULED' ? { opp_status: 'hidden' } : { opp_status: status, is_open: open },
      );
      expect((await service.requireById(row.id)).status, time).toBe(status);
    }
  });

  it('the lifecycle job stores each transition once and records it', async () => {
    const row = await published();
    const service = server.app.services.opportunities;
    await service.syncStatuses();
    at('2027-05-02T00:00:00Z');
    const { moved } = await service.syncStatuses();
    expect(moved).toContainEqual({ id: row.id, from: 'PUBLISHED', to: 'CLOSED' });
    expect((await service.syncStatuses()).moved.some((change) => change.id === row.id)).toBe(false);
    const events = await server.database.db
      .select()
      .from(opportunityEvents)
      .where(eq(opportunityEvents.opportunityId, row.id));
    expect(events.map((event) => event.action)).toEqual(
      expect.arrayContaining(['created', 'published', 'status_changed']),
    );
    expect(events.find((event) => event.action === 'status_changed')).toMatchObject({
      actorId: null,
      details: { from: 'PUBLISHED', to: 'CLOSED' },
    });
  });

  it('closes and reopens by hand, and refuses moves the status does not allow', async () => {
    const row = await published();
    const mutate = (name: string) =>
      call(
        `mutation($input: OpportunityIdInput!) { ${name}(input: $input) { opp_status is_open } }`,
        { input: { id: row.id } },
        'owner',
      );
    expect((await mutate('closeOpportunity')).data.closeOpportunity).toEqual({
      opp_status: 'CLOSED',
      is_open: false,
    });
    expect((await mutate('reopenOpportunity')).data.reopenOpportunity).toEqual({
      opp_status: 'PUBLISHED',
      is_open: true,
    });
    const refused = await mutate('unpublishOpportunity');
    expect(refused.errors[0].extensions.category).toBe('bad-request');
    expect(refused.errors[0].message).toContain('PUBLISHED');
  });

  it('asks to confirm an earlier deadline or new prices once published, and records the change', async () => {
    const row = await published();
    const update = (input: Record<string, unknown>) =>
      call(
        'mutation($input: UpdateOpportunityInput!) { updateOpportunity(input: $input) { local_dates { deadline_date } } }',
        { input: { id: row.id, ...input } },
        'owner',
      );
    const unconfirmed = await update({ deadline_date: '2027-04-15 12:00' });
    expect(unconfirmed.errors[0].extensions.category).toBe('bad-request');
    expect((await update({ deadline_date: '2027-05-10 12:00' })).errors).toBeUndefined();
    const confirmed = await update({ deadline_date: '2027-04-15 12:00', confirm_changes: true });
    expect(confirmed.data.updateOpportunity.local_dates.deadline_date).toBe('2027-04-15 12:00:00');
    const changes = await server.database.db
      .select()
      .from(opportunityEvents)
      .where(eq(opportunityEvents.opportunityId, row.id));
    expect(changes.filter((event) => event.action === 'rules_changed')).toHaveLength(1);
  });
});

describe('who sees what', () => {
  const read = (slug: string, role: Role) =>
    call('query($slug: String!) { opportunity(slug: $slug) { id } }', { slug }, role);

  it('shows drafts and scheduled opportunities to their team only, and deleted ones to nobody', async () => {
    const team: Role[] = [
      'member',
      'editor',
      'reviewer',
      'manager',
      'admin',
      'owner',
      'platform admin',
    ];
    const hidden = await draft();
    const scheduled = await published({ publish_at: '2027-04-01 09:00' });
    const live = await published();
    const gone = await published();
    const owner = { id: accounts.owner.id, email: accounts.owner.email };
    await server.app.services.opportunities.remove(gone.id, owner);
    // Archived without ever being published: still the team's.
    const shelved = await server.app.services.opportunities.archive((await draft()).id, owner);
    for (const role of ROLES) {
      for (const row of [hidden, scheduled, shelved]) {
        const body = await read(row.slug, role);
        expect(body.errors, role).toBeUndefined();
        expect(Boolean(body.data.opportunity), `${role} on ${row.status}`).toBe(
          team.includes(role),
        );
      }
      expect((await read(live.slug, role)).data.opportunity, role).toEqual({ id: live.id });
      expect((await read(gone.slug, role)).data.opportunity, role).toBeNull();
    }
  });

  it('lists private opportunities for the team only; their address is not guessable from the title', async () => {
    const open = await published({ title: 'Open Stage' });
    const secret = await published({ title: 'Invitation Only Session', is_private: true });
    expect(secret.slug).toMatch(/^invitation-only-session-[a-z0-9]{8}$/);
    const list = async (role: Role) =>
      (
        await call(
          'query($id: ID!) { organisationOpportunities(organisation: $id) { id } }',
          { id: organisation.id },
          role,
        )
      ).data.organisationOpportunities.map((row: { id: string }) => row.id);
    expect(await list('performer')).toContain(open.id);
    expect(await list('performer')).not.toContain(secret.id);
    expect(await list('member')).toEqual(expect.arrayContaining([open.id, secret.id]));
    expect((await read(secret.slug, 'performer')).data.opportunity).toEqual({ id: secret.id });
  });

  it("gives a visitor of the organisation's page its published public opportunities only", async () => {
    const open = await published({ title: 'Harbour Sessions' });
    const secret = await published({ title: 'Backstage Session', is_private: true });
    const upcoming = await published({ publish_at: '2027-04-01 09:00' });
    const unfinished = await draft({ title: 'Half-written Call' });
    const page = async (role: Role) => {
      const body = await call(
        `query($id: ID!) { organisationOpportunities(organisation: $id, statuses: [PUBLISHED, ACTIVE]) {
          id opp_status is_private } }`,
        { id: organisation.id },
        role,
      );
      expect(body.errors, role).toBeUndefined();
      return body.data.organisationOpportunities as Array<{ id: string; opp_status: string }>;
    };
    const visitor = await page('stranger');
    const seen = visitor.map((row) => row.id);
    expect(seen).toContain(open.id);
    for (const hidden of [secret, upcoming, unfinished]) expect(seen).not.toContain(hidden.id);
    expect(visitor.every((row) => row.opp_status === 'PUBLISHED')).toBe(true);
    // The team sees its private one there too (the card marks it), still nothing unpublished.
    const team = (await page('member')).map((row) => row.id);
    expect(team).toEqual(expect.arrayContaining([open.id, secret.id]));
    expect(team).not.toContain(upcoming.id);
    expect(team).not.toContain(unfinished.id);
  });

  it('gives a public opportunity made private a new address, and the old one stops working', async () => {
    const row = await published({ title: 'Jazz Brunch' });
    const body = await call(
      'mutation($input: UpdateOpportunityInput!) { updateOpportunity(input: $input) { slug is_private } }',
      { input: { id: row.id, is_private: true } },
      'owner',
    );
    const { slug } = body.data.updateOpportunity;
    expect(slug).not.toBe(row.slug);
    expect((await read(row.slug, 'performer')).data.opportunity).toBeNull();
    expect((await read(slug, 'performer')).data.opportunity).toEqual({ id: row.id });
    const redirects = await server.database.db
      .select()
      .from(opportunitySlugRedirects)
      .where(eq(opportunitySlugRedirects.opportunityId, row.id));
    expect(redirects).toEqual([]);
  });

  it('finds an opportunity by an old slug after its slug changed', async () => {
    const row = await draft({ title: 'Choir Auditions' });
    await call(
      'mutation($input: UpdateOpportunityInput!) { updateOpportunity(input: $input) { slug } }',
      { input: { id: row.id, slug: 'choir-auditions-2027' } },
      'owner',
    );
    expect((await read(row.slug, 'owner')).data.opportunity).toEqual({ id: row.id });
  });
});

describe('permissions', () => {
  type Operation = (row: { id: string; slug: string }, role: Role) => Promise<Answer>;
  const mutate = (name: string, extra: Record<string, unknown> = {}) =>
    ((row, role) =>
      call(
        `mutation($input: ${name === 'updateOpportunity' ? 'UpdateOpportunityInput' : 'OpportunityIdInput'}!) { ${name}(input: $input) { id } }`,
        { input: { id: row.id, ...extra } },
        role,
      )) as Operation;
  const managers: Role[] = ['manager', 'admin', 'owner', 'platform admin'];
  const OPERATIONS: Record<string, { allowed: Role[]; published: boolean; run: Operation }> = {
    updateOpportunity: {
      allowed: managers,
      published: false,
      run: mutate('updateOpportunity', { venue: 'Hall' }),
    },
    publishOpportunity: { allowed: managers, published: false, run: mutate('publishOpportunity') },
    closeOpportunity: { allowed: managers, published: true, run: mutate('closeOpportunity') },
    archiveOpportunity: { allowed: managers, published: true, run: mutate('archiveOpportunity') },
    deleteOpportunity: { allowed: managers, published: true, run: mutate('deleteOpportunity') },
    // A copy is a new opportunity of the organisation: the manager from outside it may not.
    duplicateOpportunity: {
      allowed: ['admin', 'owner', 'platform admin'],
      published: true,
      run: mutate('duplicateOpportunity'),
    },
    opportunityEventsLog: {
      allowed: ['member', 'editor', 'reviewer', 'manager', 'admin', 'owner', 'platform admin'],
      published: false,
      run: (row, role) =>
        call('query($id: ID!) { opportunityEventsLog(id: $id) { action } }', { id: row.id }, role),
    },
  };

  for (const [name, { allowed, published: live, run }] of Object.entries(OPERATIONS)) {
    it.each(ROLES)(`${name}: %s`, async (role) => {
      const row = live ? await published() : await draft();
      const body = await run(row, role);
      if (allowed.includes(role)) {
        expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
      } else {
        expect(body.errors[0].extensions.category).toBe(
          role === 'stranger' ? 'authentication' : 'authorization',
        );
      }
    });
  }

  it('createOpportunity takes create_opportunity on the organisation', async () => {
    for (const role of ROLES) {
      const body = await call(
        'mutation($input: CreateOpportunityInput!) { createOpportunity(input: $input) { id } }',
        { input: { organisation_id: organisation.id, title: `By ${role}`, time_zone: 'UTC' } },
        role,
      );
      const allowed = ['editor', 'admin', 'owner', 'platform admin'].includes(role);
      expect(Boolean(body.data?.createOpportunity), role).toBe(allowed);
    }
  });

  it('canAccess answers for an opportunity with the role it comes from', async () => {
    const row = await draft();
    const ask = (permission: string, role: Role) =>
      call(
        `query($input: CanAccessInput!) { canAccess(input: $input) {
          granted role opportunity_role platform_admin permissions } }`,
        { input: { permission, opportunity_id: row.id } },
        role,
      );
    expect((await ask('rate', 'reviewer')).data.canAccess).toEqual({
      granted: true,
      role: null,
      opportunity_role: 'reviewer',
      platform_admin: false,
      permissions: ['rate', 'comment'],
    });
    expect((await ask('manage_applications', 'reviewer')).data.canAccess.granted).toBe(false);
    expect((await ask('manage_applications', 'admin')).data.canAccess).toMatchObject({
      granted: true,
      role: 'admin',
      permissions: ['full_access'],
    });
    expect((await ask('rate', 'editor')).data.canAccess.granted).toBe(false);
    expect((await ask('rate', 'stranger')).data.canAccess.granted).toBe(false);
    const mixed = await ask('manage_organisation', 'owner');
    expect(mixed.errors[0].extensions.validation).toHaveProperty('input.permission');
  });

  it('an organisation with a published paid opportunity cannot be deleted', async () => {
    const own = await insertOrganisation(server.database.db, { name: 'Paid Stages' }, [
      { userId: accounts.owner.id, email: accounts.owner.email, role: 'owner' },
    ]);
    const row = await server.app.services.opportunities.create(
      createOpportunitySchema.parse({
        organisation_id: own.id,
        ...COMPLETE,
        payment_type: 'PAID_INTERNAL',
        payment_options: [{ title: 'Entry', cost: 1000, currency: 'EUR' }],
      }),
      { id: accounts.owner.id, email: accounts.owner.email },
    );
    await connectPayoutAccount(server, own);
    await server.app.services.opportunities.publish(row.id, {
      id: accounts.owner.id,
      email: accounts.owner.email,
    });
    const remove = () =>
      call(
        'mutation($input: OrganisationIdInput!) { deleteOrganisation(input: $input) { id } }',
        { input: { id: own.id } },
        'owner',
      );
    const refused = await remove();
    expect(refused.errors[0].message).toMatch(/paid/i);
    at('2027-05-02T00:00:00Z');
    expect((await remove()).errors).toBeUndefined();
  });
});

describe('lists and views', () => {
  const MINE = `query($type: MyOpportunitiesType, $organisation: ID, $search: String, $first: Int) {
    myOpportunities(type: $type, organisation: $organisation, search: $search, first: $first) {
      paginatorInfo { total perPage } data { id opp_status } } }`;

  it('myOpportunities lists what each person works on, drafts included', async () => {
    const row = await draft({ title: `Unique Harp Gathering` });
    const ids = async (role: Role, variables: Record<string, unknown> = {}) => {
      const body = await call(MINE, { first: 100, ...variables }, role);
      expect(body.errors, role).toBeUndefined();
      return body.data.myOpportunities.data.map((item: { id: string }) => item.id);
    };
    expect(await ids('member')).toContain(row.id);
    expect(await ids('reviewer', { type: 'REVIEW' })).toContain(row.id);
    expect(await ids('reviewer', { type: 'MANAGE' })).not.toContain(row.id);
    expect(await ids('manager', { type: 'MANAGE' })).toContain(row.id);
    expect(await ids('performer')).toEqual([]);
    expect(await ids('owner', { search: 'harp gath', organisation: organisation.id })).toEqual([
      row.id,
    ]);
    const defaults = await call(MINE, {}, 'owner');
    expect(defaults.data.myOpportunities.paginatorInfo.perPage).toBe(50);
    expect((await call(MINE, {}, 'stranger')).errors[0].extensions.category).toBe('authentication');
  });

  it('allOpportunities lists public, published ones only', async () => {
    const live = await published({ title: 'Listed Evening' });
    const hidden = await draft({ title: 'Unlisted Evening' });
    const body = await call('{ allOpportunities { id } }', {}, 'stranger');
    const ids = body.data.allOpportunities.map((item: { id: string }) => item.id);
    expect(ids).toContain(live.id);
    expect(ids).not.toContain(hidden.id);
  });

  it('counts one visit per visitor and day, not the team, and shows the count to the team only', async () => {
    const row = await published({ title: 'Counted Recital' });
    const open = (role: Role) =>
      call('query($slug: String!) { opportunity(slug: $slug) { id } }', { slug: row.slug }, role);
    await open('performer');
    await open('performer');
    await open('stranger');
    await open('owner');
    const views = async (role: Role) =>
      call(
        'query($id: ID!) { opportunityViews(id: $id) { total last_30_days { date count } } }',
        { id: row.id },
        role,
      );
    // Views are written after the answer; give the writes a moment.
    await expect.poll(async () => (await views('member')).data.opportunityViews.total).toBe(2);
    expect((await views('owner')).data.opportunityViews.last_30_days).toEqual([
      { date: '2027-03-01', count: 2 },
    ]);
    expect((await views('performer')).errors[0].extensions.category).toBe('authorization');
  });
});
