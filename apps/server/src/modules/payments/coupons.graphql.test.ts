import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, type TestAccount } from '../../../test/accounts';
import { asUser, startTestServer, type TestServer } from '../../../test/harness';
import { managerAndReviewer, publishedOpportunity } from '../../../test/opportunities';
import { insertOrganisation } from '../../../test/organisations';
import { coupons } from './payments.table';

/**
 * Coupons over GraphQL and real HTTP: who may list, create, edit and switch them off (both sides of
 * every operation), what a coupon must be (validation errors naming the field, never internal
 * ones), and what an applicant learns of a code they type.
 */

let server: TestServer;
let opportunityId: string;
let opportunitySlug: string;

const PARTIES = [
  'owner',
  'admin',
  'editor',
  'member',
  'manager',
  'treasurer',
  'callEditor',
  'reviewer',
  'applicant',
  'stranger',
  'otherOwner',
  'platformAdmin',
] as const;
type Party = (typeof PARTIES)[number];
let people: Record<Party, TestAccount>;

/** Who manages the opportunity's payments: the organisation's owners and admins, its managers,
 * anyone given `manage_payments` on it, and platform admins. */
const MANAGERS: Party[] = ['owner', 'admin', 'manager', 'treasurer', 'platformAdmin'];
/**
 * On the organisation's or the opportunity's team, without the opportunity's payments: editing the
 * opportunity itself (`manage_opportunity`) is not managing its payments.
 */
const INSIDERS: Party[] = ['editor', 'member', 'reviewer', 'callEditor'];
const OUTSIDERS: Party[] = ['applicant', 'stranger', 'otherOwner'];

const headersOf = (party: Party | 'anonymous'): Record<string, string> => {
  if (party === 'anonymous') return {};
  if (party === 'platformAdmin') return asUser(people.platformAdmin.id, 'admin');
  return people[party].headers;
};

const COUPON_FIELDS = 'id name code value slots used_slots slots_left is_active created_at';
const LIST = `query($opportunity: ID!) { opportunityCoupons(opportunity: $opportunity) { ${COUPON_FIELDS} } }`;
const CREATE = `mutation($opportunity: ID!, $input: CouponInput!) {
  createCoupon(opportunity: $opportunity, input: $input) { ${COUPON_FIELDS} }
}`;
const UPDATE = `mutation($id: ID!, $input: CouponUpdateInput!) {
  updateCoupon(id: $id, input: $input) { ${COUPON_FIELDS} }
}`;
const SET_ACTIVE = `mutation($id: ID!, $is_active: Boolean!) {
  setCouponActive(id: $id, is_active: $is_active) { ${COUPON_FIELDS} }
}`;
const CHECK = `query($code: String!, $opportunity: ID!) {
  getCoupon(code: $code, opportunity: $opportunity) { id code value is_valid }
}`;
const ON_OPPORTUNITY =
  'query($slug: String!) { opportunity(slug: $slug) { id coupons { id code } } }';

interface Coupon {
  id: string;
  name: string;
  code: string;
  value: number;
  slots: number | null;
  used_slots: number;
  slots_left: number | null;
  is_active: boolean;
  created_at: string;
}

type Errors = NonNullable<Awaited<ReturnType<TestServer['graphql']>>['body']['errors']>;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  people = {} as Record<Party, TestAccount>;
  for (const party of PARTIES) {
    people[party] = await registerAccount(server, { name: `Coupon ${party}` });
  }
  const seat = (party: Party) => ({ userId: people[party].id, email: people[party].email });
  const organisation = await insertOrganisation(db, { name: 'Coupon Quay' }, [
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
    title: 'Coupon quay call',
    seats: [
      ...managerAndReviewer(people.manager, people.reviewer),
      { person: people.treasurer, role: 'reviewer', permissions: ['manage_payments'] },
      {
        person: people.callEditor,
        role: 'custom',
        permissions: ['manage_opportunity', 'manage_applications'],
      },
    ],
  });
  opportunityId = opportunity.id;
  opportunitySlug = opportunity.slug;
});

afterEach(async () => {
  expect(await server.app.services.payments.audit.books()).toEqual([]);
});

afterAll(async () => {
  await server?.close();
});

let codes = 0;
const uniqueCode = (stem = 'QUAY') => `${stem}-${(codes += 1)}`;
const couponInput = (overrides: Record<string, unknown> = {}) => ({
  name: 'Harbour friends',
  code: uniqueCode(),
  value: 25,
  slots: 10,
  ...overrides,
});

/** A coupon made by the owner, over GraphQL. */
async function createCoupon(overrides: Record<string, unknown> = {}): Promise<Coupon> {
  const response = await server.graphql<{ createCoupon: Coupon }>(
    CREATE,
    { opportunity: opportunityId, input: couponInput(overrides) },
    headersOf('owner'),
  );
  if (!response.body.data) throw new Error(JSON.stringify(response.body.errors));
  return response.body.data.createCoupon;
}

/** The one error of a refused call. */
function errorOf(body: { data?: unknown; errors?: Errors }) {
  expect(body.errors, JSON.stringify(body)).toHaveLength(1);
  return body.errors![0]!;
}
const codeOf = (body: { errors?: Errors }) => errorOf(body).extensions?.code;
/** The validation map of a refused call, which must be a validation error. */
function validationOf(body: { errors?: Errors }): Record<string, string[]> {
  const error = errorOf(body);
  expect(error.extensions?.code, JSON.stringify(error)).toBe('VALIDATION');
  return error.extensions?.validation as Record<string, string[]>;
}

async function storedCoupon(id: string) {
  return server.app.services.payments.coupons.requireById(id);
}

describe('who manages coupons over GraphQL', () => {
  it.each(MANAGERS)(
    'lets the %s create, list, edit and switch a coupon off and on',
    async (party) => {
      const headers = headersOf(party);
      const created = await server.graphql<{ createCoupon: Coupon }>(
        CREATE,
        { opportunity: opportunityId, input: couponInput({ code: ` ${uniqueCode('Friends')} ` }) },
        headers,
      );
      const coupon = created.body.data!.createCoupon;
      expect(coupon).toMatchObject({
        name: 'Harbour friends',
        value: 25,
        slots: 10,
        used_slots: 0,
        slots_left: 10,
        is_active: true,
      });
      expect(coupon.code).toMatch(/^Friends-\d+$/);
      expect((await storedCoupon(coupon.id)).createdBy).toBe(people[party].id);

      const listed = await server.graphql<{ opportunityCoupons: Coupon[] }>(
        LIST,
        { opportunity: opportunityId },
        headers,
      );
      expect(listed.body.data!.opportunityCoupons.map((row) => row.id)).toContain(coupon.id);

      const edited = await server.graphql<{ updateCoupon: Coupon }>(
        UPDATE,
        { id: coupon.id, input: { value: 40, slots: null } },
        headers,
      );
      expect(edited.body.data!.updateCoupon).toMatchObject({
        id: coupon.id,
        name: 'Harbour friends',
        value: 40,
        slots: null,
        slots_left: null,
      });

      const off = await server.graphql<{ setCouponActive: Coupon }>(
        SET_ACTIVE,
        { id: coupon.id, is_active: false },
        headers,
      );
      expect(off.body.data!.setCouponActive.is_active).toBe(false);
      const on = await server.graphql<{ setCouponActive: Coupon }>(
        SET_ACTIVE,
        { id: coupon.id, is_active: true },
        headers,
      );
      expect(on.body.data!.setCouponActive.is_active).toBe(true);

      const opportunity = await server.graphql<{
        opportunity: { coupons: { id: string }[] | null };
      }>(ON_OPPORTUNITY, { slug: opportunitySlug }, headers);
      expect(opportunity.body.data!.opportunity.coupons!.map((row) => row.id)).toContain(coupon.id);
    },
  );

  it.each([...INSIDERS, ...OUTSIDERS])(
    'refuses the %s every operation, and changes nothing',
    async (party) => {
      const existing = await createCoupon();
      const headers = headersOf(party);
      const answers = [
        await server.graphql(LIST, { opportunity: opportunityId }, headers),
        await server.graphql(CREATE, { opportunity: opportunityId, input: couponInput() }, headers),
        await server.graphql(UPDATE, { id: existing.id, input: { value: 90 } }, headers),
        await server.graphql(SET_ACTIVE, { id: existing.id, is_active: false }, headers),
      ];
      for (const answer of answers) {
        expect(codeOf(answer.body)).toBe('FORBIDDEN');
        expect(answer.body.data ?? null).toBeNull();
      }
      expect(await storedCoupon(existing.id)).toMatchObject({ value: 25, isActive: true });
      const made = await server.database.db
        .select({ id: coupons.id })
        .from(coupons)
        .where(eq(coupons.createdBy, people[party].id));
      expect(made).toEqual([]);

      const opportunity = await server.graphql<{
        opportunity: { id: string; coupons: unknown };
      }>(ON_OPPORTUNITY, { slug: opportunitySlug }, headers);
      expect(opportunity.body.data!.opportunity).toEqual({ id: opportunityId, coupons: null });
    },
  );

  it('asks an anonymous caller to sign in, and shows them no coupons on the opportunity', async () => {
    const existing = await createCoupon();
    const answers = [
      await server.graphql(LIST, { opportunity: opportunityId }),
      await server.graphql(CREATE, { opportunity: opportunityId, input: couponInput() }),
      await server.graphql(UPDATE, { id: existing.id, input: { value: 90 } }),
      await server.graphql(SET_ACTIVE, { id: existing.id, is_active: false }),
      await server.graphql(CHECK, { code: existing.code, opportunity: opportunityId }),
    ];
    for (const answer of answers) expect(codeOf(answer.body)).toBe('UNAUTHENTICATED');
    expect(await storedCoupon(existing.id)).toMatchObject({ value: 25, isActive: true });
    const opportunity = await server.graphql<{
      opportunity: { id: string; coupons: unknown };
    }>(ON_OPPORTUNITY, { slug: opportunitySlug });
    expect(opportunity.body.data!.opportunity).toEqual({ id: opportunityId, coupons: null });
  });

  it('finds no coupon or opportunity behind an unknown id, and names a malformed one', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const owner = headersOf('owner');
    expect(
      codeOf((await server.graphql(UPDATE, { id: missing, input: { value: 5 } }, owner)).body),
    ).toBe('NOT_FOUND');
    expect(
      codeOf((await server.graphql(SET_ACTIVE, { id: missing, is_active: false }, owner)).body),
    ).toBe('NOT_FOUND');
    // Nobody holds anything on an opportunity that does not exist; a platform admin finds none.
    expect(
      codeOf(
        (await server.graphql(CREATE, { opportunity: missing, input: couponInput() }, owner)).body,
      ),
    ).toBe('FORBIDDEN');
    expect(
      codeOf(
        (
          await server.graphql(
            CREATE,
            { opportunity: missing, input: couponInput() },
            headersOf('platformAdmin'),
          )
        ).body,
      ),
    ).toBe('NOT_FOUND');
    const malformed = [
      await server.graphql(UPDATE, { id: '1; drop table coupons', input: {} }, owner),
      await server.graphql(SET_ACTIVE, { id: 'not-an-id', is_active: true }, owner),
    ];
    for (const answer of malformed) {
      expect(Object.keys(validationOf(answer.body))).toEqual(['id']);
    }
    const badOpportunity = [
      await server.graphql(LIST, { opportunity: 'nope' }, owner),
      await server.graphql(CREATE, { opportunity: 'nope', input: couponInput() }, owner),
      await server.graphql(CHECK, { code: 'QUAY-1', opportunity: 'nope' }, owner),
    ];
    for (const answer of badOpportunity) {
      expect(Object.keys(validationOf(answer.body))).toEqual(['opportunity']);
    }
  });
});

describe('what a coupon must be, over GraphQL', () => {
  const create = (input: Record<string, unknown>, headers = headersOf('owner')) =>
    server.graphql(CREATE, { opportunity: opportunityId, input: couponInput(input) }, headers);

  it('refuses a code another coupon has in another case, on create and on edit', async () => {
    const first = await createCoupon({ code: uniqueCode('Summer') });
    const taken = await create({ code: first.code.toUpperCase() });
    expect(validationOf(taken.body)).toEqual({
      'input.code': ['Another coupon of this opportunity already has this code.'],
    });
    const second = await createCoupon();
    const renamed = await server.graphql(
      UPDATE,
      { id: second.id, input: { code: first.code.toLowerCase() } },
      headersOf('owner'),
    );
    expect(validationOf(renamed.body)).toEqual({
      'input.code': ['Another coupon of this opportunity already has this code.'],
    });
    expect((await storedCoupon(second.id)).code).toBe(second.code);
  });

  it('words the problems in the reader’s language', async () => {
    const first = await createCoupon();
    const taken = await create(
      { code: first.code.toLowerCase(), value: 0 },
      { ...headersOf('owner'), 'accept-language': 'de' },
    );
    expect(validationOf(taken.body)).toEqual({
      'input.value': ['Das Feld Wert muss ein ganzer Prozentsatz von 1 bis 100 sein.'],
    });
    const duplicate = await create(
      { code: first.code.toLowerCase() },
      { ...headersOf('owner'), 'accept-language': 'de' },
    );
    expect(validationOf(duplicate.body)['input.code']![0]).toContain('Gutschein');
  });

  it('names the field of a value, slots, name or code out of range', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ value: 0 }, 'input.value'],
      [{ value: 101 }, 'input.value'],
      [{ value: -5 }, 'input.value'],
      [{ value: 2 ** 31 - 1 }, 'input.value'],
      [{ slots: 0 }, 'input.slots'],
      [{ slots: -1 }, 'input.slots'],
      [{ slots: 2 ** 31 - 1 }, 'input.slots'],
      [{ name: '   ' }, 'input.name'],
      [{ name: 'x'.repeat(101) }, 'input.name'],
      [{ code: 'ab' }, 'input.code'],
      [{ code: 'EARLY BIRD' }, 'input.code'],
      [{ code: 'x'.repeat(10_000) }, 'input.code'],
      [{ name: 'Harbour\u0000friends' }, 'input.name'],
      [{ code: 'QUAY\u0000X' }, 'input.code'],
    ];
    for (const [input, field] of cases) {
      const answer = await create(input);
      expect(Object.keys(validationOf(answer.body)), JSON.stringify(input)).toEqual([field]);
      const message = validationOf(answer.body)[field]![0]!;
      expect(message, JSON.stringify(input)).not.toMatch(/validation\.|\{\{/);
    }
    const edit = await server.graphql(
      UPDATE,
      { id: (await createCoupon()).id, input: { value: 101, slots: 0, name: null } },
      headersOf('owner'),
    );
    expect(Object.keys(validationOf(edit.body)).sort()).toEqual([
      'input.name',
      'input.slots',
      'input.value',
    ]);
  });

  // Within 32 bits a number reaches the service, which names the field (the case above); beyond
  // them, or not whole, GraphQL itself refuses the variable before any resolver runs, as for every
  // Int of the schema: a bad request, never an internal error.
  it('refuses a number that is no GraphQL Int as a bad request, never an internal error', async () => {
    for (const input of [{ value: 2 ** 31 }, { value: 1e308 }, { slots: 1e308 }, { value: 12.5 }]) {
      const answer = await create(input);
      expect(answer.status, JSON.stringify(input)).toBe(400);
      expect(codeOf(answer.body), JSON.stringify(input)).toBe('BAD_REQUEST');
    }
  });

  it('keeps slots from going below those taken', async () => {
    const coupon = await createCoupon({ slots: 3 });
    for (let taken = 0; taken < 2; taken += 1) {
      await server.app.services.payments.coupons.takeSlot(server.database.db, coupon.id);
    }
    const shrunk = await server.graphql(
      UPDATE,
      { id: coupon.id, input: { slots: 1 } },
      headersOf('owner'),
    );
    expect(Object.keys(validationOf(shrunk.body))).toEqual(['input.slots']);
    const listed = await server.graphql<{ opportunityCoupons: Coupon[] }>(
      LIST,
      { opportunity: opportunityId },
      headersOf('owner'),
    );
    expect(listed.body.data!.opportunityCoupons.find((row) => row.id === coupon.id)).toMatchObject({
      slots: 3,
      used_slots: 2,
      slots_left: 1,
    });
  });
});

describe('an applicant’s code at checkout', () => {
  const check = (code: string, party: Party = 'applicant') =>
    server.graphql<{ getCoupon: { id: string; code: string; value: number; is_valid: boolean } }>(
      CHECK,
      { code, opportunity: opportunityId },
      headersOf(party),
    );

  it('finds a usable code in any case, for any signed-in account', async () => {
    const coupon = await createCoupon({ code: uniqueCode('Welcome'), value: 100 });
    for (const party of ['applicant', 'stranger', 'owner'] as const) {
      for (const typed of [
        coupon.code,
        coupon.code.toLowerCase(),
        ` ${coupon.code.toUpperCase()} `,
      ]) {
        const answer = await check(typed, party);
        expect(answer.body).toEqual({
          data: { getCoupon: { id: coupon.id, code: coupon.code, value: 100, is_valid: true } },
        });
      }
    }
  });

  it('answers unknown, switched-off and used-up codes alike: null', async () => {
    const off = await createCoupon();
    await server.graphql(SET_ACTIVE, { id: off.id, is_active: false }, headersOf('owner'));
    const usedUp = await createCoupon({ slots: 1 });
    expect(
      await server.app.services.payments.coupons.takeSlot(server.database.db, usedUp.id),
    ).toBeTruthy();
    const answers = [
      await check('NEVER-MADE'),
      await check(off.code),
      await check(usedUp.code.toLowerCase()),
      await check('no spaces allowed'),
      await check('x'.repeat(10_000)),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ data: { getCoupon: null } });
    }
    // Switched on again, the code is good again; used up stays used up.
    await server.graphql(SET_ACTIVE, { id: off.id, is_active: true }, headersOf('owner'));
    expect((await check(off.code)).body.data!.getCoupon).toMatchObject({ id: off.id });
    expect((await check(usedUp.code)).body.data!.getCoupon).toBeNull();
  });

  it('answers null for another opportunity’s code, and a NUL byte is a validation error', async () => {
    const coupon = await createCoupon();
    const elsewhere = await server.graphql<{ getCoupon: unknown }>(
      CHECK,
      { code: coupon.code, opportunity: '00000000-0000-4000-8000-000000000000' },
      headersOf('applicant'),
    );
    expect(elsewhere.body).toEqual({ data: { getCoupon: null } });
    const nul = await check(`${coupon.code}\u0000`);
    expect(Object.keys(validationOf(nul.body))).toEqual(['code']);
  });
});
