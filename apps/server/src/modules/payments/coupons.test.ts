import {
  COUPON_LIMITS,
  SUPPORTED_LOCALES,
  type CouponInputFields,
  type PlatformRole,
} from '@encore/core';
import { eq, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, type TestAccount } from '../../../test/accounts';
import {
  openTestDatabaseConnections,
  startTestServer,
  type TestServer,
} from '../../../test/harness';
import { managerAndReviewer, publishedOpportunity } from '../../../test/opportunities';
import { insertOrganisation } from '../../../test/organisations';
import type { DatabaseHandle } from '../../db/client';
import { AppError, translateValidationMap } from '../../lib/errors';
import { translatorFor } from '../../lib/i18n';
import { localesFolder } from '../../lib/paths';
import { createViewerAccess } from '../access/access';
import { Viewer } from '../access/viewer';
import {
  NO_OPPORTUNITY_GRANT,
  type OpportunityGrant,
} from '../opportunities/opportunities.service';
import { couponPolicy } from './coupons.policy';
import { createCouponsService, type CouponActor, type CouponsService } from './coupons.service';
import { coupons as couponsTable } from './payments.table';

/** Pools beside the server's, for the race: five connections each, twenty transactions at once. */
const RACE_POOLS = 4;
const RACERS = 20;

let handles: DatabaseHandle[];
let server: TestServer;
let coupons: CouponsService;
let opportunityId: string;
let otherOpportunityId: string;

const PARTIES = [
  'owner',
  'admin',
  'editor',
  'member',
  'manager',
  'treasurer',
  'reviewer',
  'applicant',
  'stranger',
  'otherOwner',
  'platformAdmin',
] as const;
type Party = (typeof PARTIES)[number];
let people: Record<Party, TestAccount>;

let tick = Date.parse('2027-01-10T09:00:00Z');
const clock = () => new Date((tick += 1000));

beforeAll(async () => {
  handles = await openTestDatabaseConnections(RACE_POOLS + 1);
  server = await startTestServer({}, { database: handles[0]! });
  const db = server.database.db;
  people = {} as Record<Party, TestAccount>;
  for (const party of PARTIES) {
    people[party] = await registerAccount(server, { name: `Coupon ${party}` });
  }
  const seat = (party: Party) => ({ userId: people[party].id, email: people[party].email });
  const organisation = await insertOrganisation(db, { name: 'Coupon Harbour' }, [
    { ...seat('owner'), role: 'owner' },
    { ...seat('admin'), role: 'admin' },
    { ...seat('editor'), role: 'editor' },
    { ...seat('member'), role: 'member' },
  ]);
  await insertOrganisation(db, { name: 'Coupon Elsewhere' }, [
    { ...seat('otherOwner'), role: 'owner' },
  ]);
  const opportunity = await publishedOpportunity(server, {
    organisationId: organisation.id,
    owner: people.owner,
    title: 'Coupon open call',
    seats: [
      ...managerAndReviewer(people.manager, people.reviewer),
      { person: people.treasurer, role: 'reviewer', permissions: ['manage_payments'] },
      // An editor of the organisation with a place on the opportunity, but not its payments.
      { person: people.editor, role: 'reviewer', permissions: ['rate', 'comment'] },
    ],
  });
  opportunityId = opportunity.id;
  const other = await publishedOpportunity(server, {
    organisationId: organisation.id,
    owner: people.owner,
    title: 'Coupon other call',
  });
  otherOpportunityId = other.id;
  await apply(people.applicant, opportunityId);
  coupons = createCouponsService({ db, clock, opportunities: server.app.services.opportunities });
});

afterEach(async () => {
  expect(await server.app.services.payments.audit.books()).toEqual([]);
});
afterAll(async () => {
  await server?.close();
  for (const handle of handles?.slice(1) ?? []) await handle.close();
});

/** The party acting, with what they hold as a request of theirs would read it. */
function actor(party: Party): CouponActor {
  const role: PlatformRole = party === 'platformAdmin' ? 'admin' : 'performer';
  const viewer = new Viewer({ id: people[party].id, role });
  return {
    id: people[party].id,
    access: createViewerAccess(
      viewer,
      server.app.services.organisations,
      server.app.services.opportunities,
    ),
  };
}

async function apply(applicant: TestAccount, toOpportunity: string) {
  const saved = await server.graphql<{ saveApplication: { id: string } }>(
    `mutation($input: SaveApplicationInput!) { saveApplication(input: $input) { id } }`,
    {
      input: {
        opportunity_id: toOpportunity,
        form_type: 'INDIVIDUAL',
        answers: {
          full_name: 'Coupon Applicant',
          email: applicant.email,
          address: { label: 'Rua das Flores 12, Lisbon', city_id: '2267057', country_code: 'PT' },
        },
      },
    },
    applicant.headers,
  );
  if (!saved.body.data) throw new Error(`apply failed: ${JSON.stringify(saved.body.errors)}`);
}

let codes = 0;
const uniqueCode = (stem = 'CODE') => `${stem}-${(codes += 1)}`;

const couponInput = (overrides: Partial<CouponInputFields> = {}): CouponInputFields => ({
  name: 'Early friends',
  code: uniqueCode(),
  value: 25,
  slots: 10,
  ...overrides,
});

const createCoupon = (overrides: Partial<CouponInputFields> = {}, on = opportunityId) =>
  coupons.create(on, couponInput(overrides), actor('owner'));

/** The AppError a call is refused with (the test fails if it is not refused, or not so). */
async function refusal(call: Promise<unknown>): Promise<AppError> {
  const error = await call.then(
    () => new Error('expected a refusal, but the call succeeded'),
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw error;
  return error;
}

/** Read from the table itself, not through the service under test. */
async function usedSlotsOf(id: string): Promise<number> {
  const [row] = await server.database.db
    .select({ usedSlots: couponsTable.usedSlots })
    .from(couponsTable)
    .where(eq(couponsTable.id, id));
  return row!.usedSlots;
}

describe('who manages coupons', () => {
  const allowed: Party[] = ['owner', 'admin', 'manager', 'treasurer', 'platformAdmin'];
  const inTeam: Party[] = ['editor', 'member', 'reviewer'];
  const outsiders: Party[] = ['applicant', 'stranger', 'otherOwner'];

  it.each(allowed)('lets the %s list, create, edit and switch off coupons', async (party) => {
    const created = await coupons.create(opportunityId, couponInput(), actor(party));
    expect(created).toMatchObject({ opportunityId, createdBy: people[party].id, isActive: true });
    const edited = await coupons.update(created.id, { value: 40 }, actor(party));
    expect(edited.value).toBe(40);
    const switchedOff = await coupons.setActive(created.id, false, actor(party));
    expect(switchedOff.isActive).toBe(false);
    const listed = await coupons.list(opportunityId, actor(party));
    expect(listed.map((row) => row.id)).toContain(created.id);
  });

  it.each(inTeam)('refuses the %s, who is on the team without payments', async (party) => {
    const existing = await createCoupon();
    const attempts = [
      () => coupons.create(opportunityId, couponInput(), actor(party)),
      () => coupons.update(existing.id, { value: 90 }, actor(party)),
      () => coupons.setActive(existing.id, false, actor(party)),
      () => coupons.list(opportunityId, actor(party)),
    ];
    for (const attempt of attempts) expect((await refusal(attempt())).code).toBe('FORBIDDEN');
    expect(await coupons.requireById(existing.id)).toMatchObject({ value: 25, isActive: true });
  });

  it.each(outsiders)('tells the %s that there is nothing there', async (party) => {
    const existing = await createCoupon();
    const attempts = [
      () => coupons.create(opportunityId, couponInput(), actor(party)),
      () => coupons.update(existing.id, { value: 90 }, actor(party)),
      () => coupons.setActive(existing.id, false, actor(party)),
      () => coupons.list(opportunityId, actor(party)),
    ];
    for (const attempt of attempts) expect((await refusal(attempt())).code).toBe('NOT_FOUND');
    expect(await coupons.requireById(existing.id)).toMatchObject({ value: 25, isActive: true });
  });

  it('checks the opportunity the coupon belongs to, not one the caller names', async () => {
    const elsewhere = await createCoupon({}, otherOpportunityId);
    // The treasurer manages payments of the first opportunity only.
    expect(
      (await refusal(coupons.update(elsewhere.id, { value: 5 }, actor('treasurer')))).code,
    ).toBe('NOT_FOUND');
    expect((await refusal(coupons.list(otherOpportunityId, actor('manager')))).code).toBe(
      'NOT_FOUND',
    );
  });

  it('finds no opportunity or coupon behind an id that is not one', async () => {
    const admin = actor('platformAdmin');
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await refusal(coupons.create(missing, couponInput(), admin))).code).toBe('NOT_FOUND');
    expect((await refusal(coupons.create('not-a-uuid', couponInput(), admin))).code).toBe(
      'NOT_FOUND',
    );
    expect((await refusal(coupons.update('1; drop table coupons', {}, admin))).code).toBe(
      'NOT_FOUND',
    );
    expect((await refusal(coupons.setActive(missing, false, admin))).code).toBe('NOT_FOUND');
  });

  it('decides from the grant alone (the policy)', () => {
    const grant = (
      role: OpportunityGrant['organisation']['role'],
      member: OpportunityGrant['member'] = null,
    ): OpportunityGrant => ({ organisation: { role, platformAdmin: false }, member });
    expect(couponPolicy.manage(grant('owner'))).toBe(true);
    expect(couponPolicy.manage(grant('admin'))).toBe(true);
    expect(couponPolicy.manage(grant('editor'))).toBe(false);
    expect(couponPolicy.manage(grant('member'))).toBe(false);
    expect(
      couponPolicy.manage(grant(null, { role: 'manager', permissions: ['full_access'] })),
    ).toBe(true);
    expect(
      couponPolicy.manage(grant(null, { role: 'reviewer', permissions: ['manage_payments'] })),
    ).toBe(true);
    expect(
      couponPolicy.manage(
        grant('editor', {
          role: 'reviewer',
          permissions: ['rate', 'comment', 'manage_applications'],
        }),
      ),
    ).toBe(false);
    expect(couponPolicy.manage(NO_OPPORTUNITY_GRANT)).toBe(false);
    expect(
      couponPolicy.manage({ organisation: { role: null, platformAdmin: true }, member: null }),
    ).toBe(true);
    expect(couponPolicy.admitsRefusal(grant('member'))).toBe(true);
    expect(couponPolicy.admitsRefusal(NO_OPPORTUNITY_GRANT)).toBe(false);
  });
});

describe('what a coupon must be', () => {
  /** The validation map a create with these fields is refused with. */
  async function problemsOf(fields: Record<string, unknown>) {
    const error = await refusal(
      coupons.create(
        opportunityId,
        { ...couponInput(), ...fields } as CouponInputFields,
        actor('owner'),
      ),
    );
    expect(error.code).toBe('VALIDATION');
    return error.validation;
  }

  it('names the field and the rule, as keys every language translates', async () => {
    expect(await problemsOf({ name: '  ' })).toEqual({ 'input.name': ['validation.required'] });
    expect(await problemsOf({ name: 'x'.repeat(COUPON_LIMITS.nameMax + 1) })).toEqual({
      'input.name': ['validation.coupon.name_length'],
    });
    expect(await problemsOf({ code: 'EARLY BIRD' })).toEqual({
      'input.code': ['validation.coupon.code'],
    });
    expect(await problemsOf({ code: 'ab' })).toEqual({ 'input.code': ['validation.coupon.code'] });
    expect(await problemsOf({ value: 0 })).toEqual({ 'input.value': ['validation.coupon.value'] });
    expect(await problemsOf({ value: 101 })).toEqual({
      'input.value': ['validation.coupon.value'],
    });
    expect(await problemsOf({ value: 12.5 })).toEqual({
      'input.value': ['validation.coupon.value'],
    });
    expect(await problemsOf({ slots: 0 })).toEqual({ 'input.slots': ['validation.coupon.slots'] });
    expect(await problemsOf({ name: '', code: '', value: -1, slots: -1 })).toEqual({
      'input.name': ['validation.required'],
      'input.code': ['validation.coupon.code'],
      'input.value': ['validation.coupon.value'],
      'input.slots': ['validation.coupon.slots'],
    });
  });

  it('refuses what the database cannot hold as a validation error, not a 500', async () => {
    expect(await problemsOf({ name: 'Early\u0000friends' })).toEqual({
      'input.name': ['validation.nul_character'],
    });
    expect(await problemsOf({ code: 'EARLY\u0000' })).toEqual({
      'input.code': ['validation.coupon.code'],
    });
    for (const value of [1e308, Number.MAX_SAFE_INTEGER, 2 ** 31, Number.NaN, Infinity]) {
      expect(await problemsOf({ value })).toEqual({ 'input.value': ['validation.coupon.value'] });
    }
    for (const slots of [1e308, 2 ** 31, Infinity]) {
      expect(await problemsOf({ slots })).toEqual({ 'input.slots': ['validation.coupon.slots'] });
    }
    expect(await problemsOf({ value: '50' })).toEqual({
      'input.value': ['validation.coupon.value'],
    });
    expect(await problemsOf({ code: 'x'.repeat(1_000_000) })).toEqual({
      'input.code': ['validation.coupon.code'],
    });
    expect(await problemsOf({ extra: true })).toEqual({ input: ['validation.invalid'] });
  });

  it('stores what was meant: trimmed, full-width digits folded, no limit when slots are left out', async () => {
    const created = await coupons.create(
      opportunityId,
      { name: '  Spring  ', code: ' ＳＰＲＩＮＧ２７ ', value: 100 },
      actor('owner'),
    );
    expect(created).toMatchObject({ name: 'Spring', code: 'SPRING27', value: 100, slots: null });
  });

  it('reads as a sentence in each of the 13 languages', async () => {
    const keys = ['name_length', 'code', 'code_taken', 'value', 'slots', 'not_valid'];
    for (const locale of SUPPORTED_LOCALES) {
      const file = JSON.parse(
        readFileSync(path.join(localesFolder, locale, 'server.json'), 'utf8'),
      ) as { validation: { coupon?: Record<string, string> }; attributes: Record<string, string> };
      expect(Object.keys(file.validation.coupon ?? {}).sort(), locale).toEqual([...keys].sort());
      expect(file.attributes.coupon, locale).toBeTruthy();
      // The limits are written into the sentences: a changed limit must change them too.
      const digits = (key: string) => file.validation.coupon![key]!.replace(/[\s.,\u00a0]/g, '');
      expect(digits('name_length'), locale).toContain(String(COUPON_LIMITS.nameMax));
      expect(digits('code'), locale).toMatch(
        new RegExp(`${COUPON_LIMITS.codeMin}\\D+${COUPON_LIMITS.codeMax}`),
      );
      expect(digits('value'), locale).toContain(String(COUPON_LIMITS.valueMax));
      expect(digits('slots'), locale).toContain(String(COUPON_LIMITS.slotsMax));
    }
    const error = await refusal(
      coupons.create(opportunityId, couponInput({ code: 'no', value: 0 }), actor('owner')),
    );
    const german = translateValidationMap(error.validation!, translatorFor('de'));
    expect(german['input.code']![0]).toBe(
      'Das Feld Code muss 3 bis 32 Zeichen lang sein und darf nur die Buchstaben A–Z, Ziffern, Bindestriche und Unterstriche enthalten.',
    );
    expect(german['input.value']![0]).toBe(
      'Das Feld Wert muss ein ganzer Prozentsatz von 1 bis 100 sein.',
    );
  });
});

describe('codes are unique to an opportunity, whatever their case', () => {
  it('refuses a code another coupon of the opportunity has in another case', async () => {
    const code = uniqueCode('EARLY');
    await createCoupon({ code });
    const error = await refusal(createCoupon({ code: code.toLowerCase() }));
    expect(error.code).toBe('VALIDATION');
    expect(error.validation).toEqual({ 'input.code': ['validation.coupon.code_taken'] });
    expect(translateValidationMap(error.validation!, translatorFor('en'))).toEqual({
      'input.code': ['Another coupon of this opportunity already has this code.'],
    });
  });

  it('lets another opportunity use the same code', async () => {
    const code = uniqueCode('SHARED');
    await createCoupon({ code });
    const elsewhere = await createCoupon({ code }, otherOpportunityId);
    expect(elsewhere.code).toBe(code);
  });

  it('refuses an edit to a code taken in another case, and allows a coupon its own in a new case', async () => {
    const first = await createCoupon({ code: uniqueCode('FIRST') });
    const second = await createCoupon({ code: uniqueCode('SECOND') });
    const error = await refusal(
      coupons.update(second.id, { code: first.code.toLowerCase() }, actor('owner')),
    );
    expect(error.validation).toEqual({ 'input.code': ['validation.coupon.code_taken'] });
    const recased = await coupons.update(
      first.id,
      { code: first.code.toLowerCase() },
      actor('owner'),
    );
    expect(recased.code).toBe(first.code.toLowerCase());
  });

  it('answers two organisers saving one code at once with one coupon and a validation error', async () => {
    const code = uniqueCode('TWICE');
    const results = await Promise.allSettled(
      ['owner', 'admin', 'manager', 'treasurer'].map((party) =>
        coupons.create(opportunityId, couponInput({ code }), actor(party as Party)),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'fulfilled') continue;
      expect(result.reason).toBeInstanceOf(AppError);
      expect((result.reason as AppError).validation).toEqual({
        'input.code': ['validation.coupon.code_taken'],
      });
    }
  });
  it('answers two coupons given one code at once with one change and a validation error', async () => {
    const code = uniqueCode('RENAMED');
    const pair = [await createCoupon(), await createCoupon()];
    const results = await Promise.allSettled(
      pair.map((coupon) => coupons.update(coupon.id, { code }, actor('owner'))),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((result) => result.status === 'rejected');
    expect(failed?.reason).toBeInstanceOf(AppError);
    expect((failed?.reason as AppError).validation).toEqual({
      'input.code': ['validation.coupon.code_taken'],
    });
  });
  // Needs a second connection holding the code uncommitted: PGlite has one connection.
  it.skipIf(!process.env.DATABASE_URL)(
    'turns the unique index’s refusal, past the check, into the same validation error',
    async () => {
      const code = uniqueCode('HELD');
      const [held, edited] = [await createCoupon(), await createCoupon()];
      let written!: () => void;
      let commit!: () => void;
      const isWritten = new Promise<void>((resolve) => (written = resolve));
      const mayCommit = new Promise<void>((resolve) => (commit = resolve));
      const holding = handles[1]!.db.transaction(async (tx) => {
        await tx.update(couponsTable).set({ code }).where(eq(couponsTable.id, held.id));
        written();
        await mayCommit;
      });
      await isWritten;
      // The check cannot see the uncommitted code; the write waits on the index for it.
      const attempt = refusal(coupons.update(edited.id, { code }, actor('owner')));
      await untilSomeoneWaitsOnALock();
      commit();
      await holding;
      expect((await attempt).validation).toEqual({
        'input.code': ['validation.coupon.code_taken'],
      });
    },
  );
});

describe('editing a coupon that has been used', () => {
  it('keeps its slots at or above the ones taken, and can lift the limit', async () => {
    const coupon = await createCoupon({ slots: 5 });
    for (let taken = 0; taken < 3; taken += 1) {
      expect(
        await server.database.db.transaction((tx) => coupons.takeSlot(tx, coupon.id)),
      ).not.toBe(false);
    }
    const error = await refusal(coupons.update(coupon.id, { slots: 2 }, actor('owner')));
    expect(error.validation).toEqual({ 'input.slots': ['validation.slots_below_taken'] });
    expect((await coupons.update(coupon.id, { slots: 3 }, actor('owner'))).slots).toBe(3);
    expect((await coupons.update(coupon.id, { slots: null }, actor('owner'))).slots).toBeNull();
    expect(await usedSlotsOf(coupon.id)).toBe(3);
  });

  it('changes only the fields given', async () => {
    const coupon = await createCoupon({ name: 'Before', value: 30, slots: 7 });
    const edited = await coupons.update(coupon.id, { name: 'After' }, actor('owner'));
    expect(edited).toMatchObject({ name: 'After', code: coupon.code, value: 30, slots: 7 });
    expect(edited.updatedAt.getTime()).toBeGreaterThan(coupon.updatedAt.getTime());
  });
});

describe('an applicant redeeming a code', () => {
  const notValid = { 'input.code': ['validation.coupon.not_valid'] };

  it('finds an active coupon with slots left, typed in any case with spaces around', async () => {
    const coupon = await createCoupon({ code: uniqueCode('Welcome'), slots: 2 });
    const found = await coupons.findForApplicant(opportunityId, `  ${coupon.code.toUpperCase()} `);
    expect(found.id).toBe(coupon.id);
  });

  it('gives the same answer for a code used up, switched off, unknown, of another opportunity or absurd', async () => {
    const usedUp = await createCoupon({ slots: 1 });
    await server.database.db.transaction((tx) => coupons.takeSlot(tx, usedUp.id));
    const switchedOff = await createCoupon();
    await coupons.setActive(switchedOff.id, false, actor('owner'));
    const elsewhere = await createCoupon({}, otherOpportunityId);
    const attempts: Array<[string, string]> = [
      [opportunityId, usedUp.code],
      [opportunityId, switchedOff.code],
      [opportunityId, 'NO-SUCH-CODE'],
      [opportunityId, elsewhere.code],
      [opportunityId, 'A\u0000B\u0000C'],
      [opportunityId, 'x'.repeat(100_000)],
      ['not-an-id', 'NO-SUCH-CODE'],
    ];
    for (const [onOpportunity, code] of attempts) {
      const error = await refusal(coupons.findForApplicant(onOpportunity, code));
      expect(error.code, code.slice(0, 20)).toBe('VALIDATION');
      expect(error.validation, code.slice(0, 20)).toEqual(notValid);
    }
    const english = translateValidationMap(notValid, translatorFor('en'));
    expect(english).toEqual({ 'input.code': ['This code is not valid for this opportunity.'] });
  });

  it('names the field of the caller’s form', async () => {
    const error = await refusal(
      coupons.findForApplicant(opportunityId, 'NOPE-NOPE', { field: 'input.coupon_code' }),
    );
    expect(error.validation).toEqual({ 'input.coupon_code': ['validation.coupon.not_valid'] });
  });

  it('finds it again once switched back on', async () => {
    const coupon = await createCoupon();
    await coupons.setActive(coupon.id, false, actor('owner'));
    await coupons.setActive(coupon.id, true, actor('owner'));
    expect((await coupons.findForApplicant(opportunityId, coupon.code)).id).toBe(coupon.id);
  });
});

describe('slots taken at checkout', () => {
  const take = (id: string) => server.database.db.transaction((tx) => coupons.takeSlot(tx, id));
  const release = (id: string) =>
    server.database.db.transaction((tx) => coupons.releaseSlot(tx, id));

  it('takes slots until none is left, and gives them back', async () => {
    const coupon = await createCoupon({ slots: 2 });
    expect(await take(coupon.id)).toMatchObject({ id: coupon.id, usedSlots: 1 });
    expect(await take(coupon.id)).toMatchObject({ usedSlots: 2 });
    expect(await take(coupon.id)).toBe(false);
    expect(await release(coupon.id)).toBe(true);
    expect(await take(coupon.id)).toMatchObject({ usedSlots: 2 });
    expect(await release(coupon.id)).toBe(true);
    expect(await release(coupon.id)).toBe(true);
    expect(await release(coupon.id)).toBe(false);
    expect(await usedSlotsOf(coupon.id)).toBe(0);
  });

  it('takes none of a coupon switched off, and gives back to it all the same', async () => {
    const coupon = await createCoupon({ slots: 3 });
    await take(coupon.id);
    await coupons.setActive(coupon.id, false, actor('owner'));
    expect(await take(coupon.id)).toBe(false);
    expect(await release(coupon.id)).toBe(true);
    expect(await usedSlotsOf(coupon.id)).toBe(0);
  });

  it('counts, without a limit, every slot taken', async () => {
    const coupon = await createCoupon({ slots: null });
    for (let index = 0; index < 5; index += 1) expect(await take(coupon.id)).not.toBe(false);
    expect(await usedSlotsOf(coupon.id)).toBe(5);
  });

  it('returns the slot when the checkout’s transaction rolls back', async () => {
    const coupon = await createCoupon({ slots: 1 });
    const failure = new Error('the processor said no');
    await expect(
      server.database.db.transaction(async (tx) => {
        expect(await coupons.takeSlot(tx, coupon.id)).not.toBe(false);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await usedSlotsOf(coupon.id)).toBe(0);
    expect(await take(coupon.id)).not.toBe(false);
  });

  it(`gives the last slot to exactly one of ${RACERS} checkouts at once`, async () => {
    const coupon = await createCoupon({ slots: 3 });
    await take(coupon.id);
    await take(coupon.id);
    const outcomes = await race(RACERS, (tx) => coupons.takeSlot(tx, coupon.id));
    expect(outcomes.filter((outcome) => outcome !== false)).toHaveLength(1);
    expect(await usedSlotsOf(coupon.id)).toBe(3);
  });

  it(`loses none of ${RACERS} slots taken at once without a limit`, async () => {
    const coupon = await createCoupon({ slots: null });
    const outcomes = await race(RACERS, (tx) => coupons.takeSlot(tx, coupon.id));
    expect(outcomes.every((outcome) => outcome !== false)).toBe(true);
    expect(await usedSlotsOf(coupon.id)).toBe(RACERS);
  });

  it('holds an edit of the slots until a checkout taking one commits', async () => {
    const coupon = await createCoupon({ slots: 2 });
    await take(coupon.id);
    // Both at once: whichever goes second sees the other's write, so the count never passes slots.
    const [taken, edited] = await Promise.allSettled([
      take(coupon.id),
      coupons.update(coupon.id, { slots: 1 }, actor('owner')),
    ]);
    const row = await coupons.requireById(coupon.id);
    expect(row.usedSlots).toBeLessThanOrEqual(row.slots ?? Infinity);
    if (edited.status === 'fulfilled') expect(taken).toMatchObject({ value: false });
    else
      expect((edited.reason as AppError).validation).toEqual({
        'input.slots': ['validation.slots_below_taken'],
      });
  });
});

/**
 * Runs `count` transactions at once. On PostgreSQL each holds its own connection (pools as separate
 * processes would have) and all start the statement together, after every one has begun; PGlite
 * has one connection, so there they queue, and the rule holds all the same.
 */
async function race<T>(
  count: number,
  work: (tx: Parameters<Parameters<DatabaseHandle['db']['transaction']>[0]>[0]) => Promise<T>,
): Promise<T[]> {
  const pools = handles.slice(1);
  if (pools[0]!.kind === 'pglite') {
    return Promise.all(
      Array.from({ length: count }, () => pools[0]!.db.transaction((tx) => work(tx))),
    );
  }
  let arrived = 0;
  let start!: () => void;
  const everyoneIn = new Promise<void>((resolve) => (start = resolve));
  return Promise.all(
    Array.from({ length: count }, (_, index) =>
      pools[index % pools.length]!.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        arrived += 1;
        if (arrived === count) start();
        await everyoneIn;
        return work(tx);
      }),
    ),
  );
}

async function untilSomeoneWaitsOnALock(): Promise<void> {
  for (;;) {
    const result = await server.database.db.execute<{ waiting: number }>(
      sql`select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((result as unknown as { rows: Array<{ waiting: number }> }).rows[0]!.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
