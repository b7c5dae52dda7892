import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isAbstractType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLInputType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_PARTIES, INSIDERS, type AccessOutcome, type AccessParty } from './access-outcome';
import { getSchema } from './schema';
import {
  buildWorld as buildWorldFor,
  createPeople,
  headersOf,
  type AccessWorld,
  type People,
} from '../../test/access-world';
import { startTestServer, type TestServer } from '../../test/harness';

/**
 * Every operation × every party around a record: what each one gets must be what the operation
 * declares next to its authScopes (access-outcome.ts). A new operation without a declaration fails.
 */

type Kind = 'Query' | 'Mutation';
interface Operation {
  kind: Kind;
  field: GraphQLField<unknown, unknown>;
  outcome: AccessOutcome | undefined;
  isPublic: boolean;
}

function operations(): Operation[] {
  const schema = getSchema();
  return (['Query', 'Mutation'] as const).flatMap((kind) => {
    const root = kind === 'Query' ? schema.getQueryType() : schema.getMutationType();
    return Object.values(root?.getFields() ?? {}).map((field) => {
      const options = field.extensions?.pothosOptions as { authScopes?: unknown } | undefined;
      const scopes = options?.authScopes as Record<string, unknown> | undefined;
      return {
        kind,
        field,
        outcome: (field.extensions as { access?: AccessOutcome } | undefined)?.access,
        isPublic: typeof scopes === 'object' && scopes?.public === true,
      };
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Arguments: every reference points at the world's records; everything else a plain valid value.

const PREFERRED_ENUM_VALUES = ['SHORTLISTED', 'EDITOR', 'REVIEWER', 'INDIVIDUAL', 'APPROVED'];

interface ArgumentContext {
  outcome: AccessOutcome;
  world: AccessWorld;
}

function referenceValue(name: string, { outcome, world }: ArgumentContext): string | undefined {
  const record = outcome.record === 'own' || outcome.record === 'open' ? undefined : outcome.record;
  const opportunity = record === 'draft' ? world.ids.draft : world.ids.opportunity;
  switch (name) {
    case 'id':
    case 'ids':
      return record ? world.ids[record] : undefined;
    case 'slug':
    case 'slugs':
    case 'opportunitySlug':
      if (record === 'organisation') return world.slugs.organisation;
      return record === 'draft' ? world.slugs.draft : world.slugs.opportunity;
    case 'token':
      return record === 'teamInvitation' || record === 'opportunityInvitation'
        ? world.tokens[record]
        : undefined;
    case 'organisation_id':
    case 'organisation':
      return world.ids.organisation;
    case 'opportunity_id':
    case 'opportunity':
    case 'oppId':
      return opportunity;
    case 'application_id':
    case 'application':
      return world.ids.application;
    case 'user_id':
    case 'userId':
      return world.ids.user;
    case 'member_id':
      return world.ids.teamSeat;
    case 'notification_id':
      return world.ids.notification;
    default:
      return undefined;
  }
}

const OPTIONAL_REFERENCES = new Set([
  'id',
  'token',
  'organisation_id',
  'opportunity_id',
  'organisation',
]);

function valueFor(
  name: string,
  type: GraphQLInputType,
  context: ArgumentContext,
  depth = 0,
): unknown {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) {
    const item = valueFor(name, inner.ofType, context, depth + 1);
    return item === undefined ? [] : [item];
  }
  const named = getNamedType(inner);
  if (isInputObjectType(named)) {
    if (depth > 4) return undefined;
    const entries = Object.values(named.getFields())
      .filter((field) => isNonNullType(field.type) || OPTIONAL_REFERENCES.has(field.name))
      .map((field) => [field.name, fieldValue(field, context, depth + 1)] as const)
      .filter(([, value]) => value !== undefined);
    // An invitation is answered by its token or by its id, not both.
    const byToken = entries.some(([key]) => key === 'token');
    return Object.fromEntries(entries.filter(([key]) => !(byToken && key === 'id')));
  }
  if (isEnumType(named)) {
    const values = named.getValues().map((value) => value.name);
    return values.find((value) => PREFERRED_ENUM_VALUES.includes(value)) ?? values[0];
  }
  if (isScalarType(named)) {
    const reference = referenceValue(name, context);
    if (reference !== undefined) return reference;
    switch (named.name) {
      case 'Int':
        return name === 'rate' ? 4 : name === 'first' ? 10 : 1;
      case 'Float':
        return 1;
      case 'Boolean':
        return true;
      case 'DateTime':
        return '2027-06-01 12:00:00';
      case 'Date':
        return '2027-06-01';
      case 'JSON':
        return {};
      case 'ID':
        return undefined;
      default:
        return name === 'email' ? 'someone@example.test' : 'Access probe';
    }
  }
  return undefined;
}

function fieldValue(
  field: GraphQLInputField | GraphQLArgument,
  context: ArgumentContext,
  depth = 0,
) {
  if (!isNonNullType(field.type) && !OPTIONAL_REFERENCES.has(field.name)) return undefined;
  return valueFor(field.name, field.type, context, depth);
}

function needsUpload(type: GraphQLInputType, depth = 0): boolean {
  const named = getNamedType(type);
  if (named.name === 'Upload') return isNonNullType(type);
  if (!isInputObjectType(named) || depth > 4 || !isNonNullType(type)) return false;
  return Object.values(named.getFields()).some((field) => needsUpload(field.type, depth + 1));
}

function requestFor(operation: Operation, context: ArgumentContext) {
  const { field, kind } = operation;
  const variables: Record<string, unknown> = {};
  const declarations: string[] = [];
  const passes: string[] = [];
  for (const argument of field.args) {
    const value =
      argument.name === 'first' ? 10 : argument.name === 'page' ? 1 : fieldValue(argument, context);
    if (value === undefined) continue;
    variables[argument.name] = value;
    declarations.push(`$${argument.name}: ${String(argument.type)}`);
    passes.push(`${argument.name}: $${argument.name}`);
  }
  const returned = getNamedType(field.type);
  const selection = isObjectType(returned) || isAbstractType(returned) ? ' { __typename }' : '';
  const head = declarations.length ? `(${declarations.join(', ')})` : '';
  const args = passes.length ? `(${passes.join(', ')})` : '';
  const query = `${kind === 'Query' ? 'query' : 'mutation'}${head} { ${field.name}${args}${selection} }`;
  return { query, variables };
}

// ---------------------------------------------------------------------------------------------
// What a party gets, and what it should get.

type Got = 'OK' | 'HIDDEN' | string;

function outcomeOf(
  body: { data?: Record<string, unknown> | null; errors?: unknown[] },
  name: string,
): Got {
  const error = body.errors?.[0] as { extensions?: { code?: string } } | undefined;
  if (error) return error.extensions?.code ?? 'UNKNOWN';
  const value = body.data?.[name];
  if (value === null || (Array.isArray(value) && value.length === 0)) return 'HIDDEN';
  return 'OK';
}

function allows(outcome: AccessOutcome, party: AccessParty): boolean {
  if (outcome.record === 'own' || outcome.record === 'open') return party !== 'anonymous';
  return (
    outcome.allows.includes(party) ||
    outcome.allows.includes('everyone') ||
    (party !== 'anonymous' && outcome.allows.includes('signedIn'))
  );
}

/** The parties every operation is tried as; the rest are the record's own people. */
const STRANGERS: readonly AccessParty[] = [
  'anonymous',
  'performer',
  'otherOrganisation',
  'member',
  'otherReviewer',
];

/**
 * What a party should get: the operation reached (an answer, or a refusal of the arguments rather
 * than of the caller), or the declared refusal. The record's own people whom the operation does not
 * name may be refused in any way (an applicant told FORBIDDEN where a stranger is told NOT_FOUND).
 */
function expected(operation: Operation, party: AccessParty): string {
  const outcome = operation.outcome!;
  if (allows(outcome, party)) return REACHED;
  if (party === 'anonymous' && !operation.isPublic) return 'UNAUTHENTICATED';
  if (outcome.record === 'own' || outcome.record === 'open') return REACHED;
  if (!STRANGERS.includes(party)) return REFUSED;
  return INSIDERS.includes(party) ? (outcome.insiders ?? outcome.refuses) : outcome.refuses;
}

const REACHED = 'reaches it';
const REFUSED = 'any refusal';
const CALLER_REFUSALS = new Set(['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND']);

function matches(got: Got, want: string): boolean {
  if (got === 'INTERNAL' || got === 'UNKNOWN') return false;
  if (want === REACHED) return !CALLER_REFUSALS.has(got);
  if (want === REFUSED) return CALLER_REFUSALS.has(got) || got === 'HIDDEN';
  return got === want;
}

// ---------------------------------------------------------------------------------------------

let server: TestServer;
let people: People;

beforeAll(async () => {
  server = await startTestServer();
  people = await createPeople(server);
});
afterAll(async () => {
  await server?.close();
});

describe('every operation × every party', () => {
  const all = operations();

  it('declares an access outcome for every query and mutation', () => {
    expect(
      all.filter((operation) => !operation.outcome).map((o) => `${o.kind}.${o.field.name}`),
    ).toEqual([]);
  });

  it('answers each party as the operation declares', { timeout: 1_800_000 }, async () => {
    const mismatches: string[] = [];
    let calls = 0;
    let tried = 0;
    const call = async (operation: Operation, party: AccessParty, world: AccessWorld) => {
      const outcome = operation.outcome;
      if (outcome && outcome.record !== 'own' && outcome.record !== 'open') {
        await world.prepare(outcome.record);
      }
      const request = requestFor(operation, {
        outcome: operation.outcome ?? { record: 'own' },
        world,
      });
      const response = await server.graphql(
        request.query,
        request.variables,
        headersOf(people, party),
      );
      calls += 1;
      const got = outcomeOf(response.body as never, operation.field.name);
      const detail = JSON.stringify(response.body.errors?.[0]?.message ?? null);
      if (!operation.outcome) return `${got} ${got === 'OK' || got === 'HIDDEN' ? '' : detail}`;
      const want = expected(operation, party);
      if (!matches(got, want) || response.status >= 500) {
        mismatches.push(
          `${operation.kind}.${operation.field.name} as ${party}: got ${got} ${detail}, declared ${want}`,
        );
      }
      return got;
    };

    // ACCESS_DISCOVER=1 prints what every party gets from every operation, declared or not: the
    // table to read before writing a new operation's declaration.
    const discover = process.env.ACCESS_DISCOVER === '1';
    let worlds = 0;
    const buildWorld = (...args: Parameters<typeof buildWorldFor>) => {
      worlds += 1;
      return buildWorldFor(...args);
    };
    const discovered: string[] = [];
    const queryWorld = await buildWorld(server, people);
    let mutationWorld = await buildWorld(server, people);
    let changed = false;
    for (const operation of all) {
      if (!operation.outcome && !discover) continue;
      const outcome = operation.outcome;
      const record = outcome && outcome.record !== 'own' && outcome.record !== 'open';
      tried += 1;
      if (!record && !discover) {
        // Nobody else's record: only the edge rule can be checked from outside (a file upload
        // cannot be built from the schema alone; files.test.ts refuses anonymous uploads).
        const uploads = operation.field.args.some((arg) => needsUpload(arg.type));
        if (!operation.isPublic && !uploads) await call(operation, 'anonymous', queryWorld);
        continue;
      }
      // Refused calls change nothing, so calls share a world until one reaches a mutation.
      const row: string[] = [];
      for (const party of ACCESS_PARTIES) {
        if (operation.kind === 'Mutation' && changed) {
          mutationWorld = await buildWorld(server, people);
          changed = false;
        }
        const world = operation.kind === 'Query' ? queryWorld : mutationWorld;
        const got = await call(operation, party, world);
        row.push(`${party}=${got}`);
        if (operation.kind === 'Mutation' && !CALLER_REFUSALS.has(got)) changed = true;
      }
      discovered.push(`${operation.kind}.${operation.field.name}: ${row.join(' ')}`);
    }
    if (discover) console.log(discovered.join('\n'));
    console.log(
      `operation access: ${calls} calls: ${discovered.length} operations on someone's record × ` +
        `${ACCESS_PARTIES.length} parties, ${tried - discovered.length} on the caller's own ` +
        `account or open data × anonymous; ${worlds} worlds built`,
    );
    expect(mismatches).toEqual([]);
  });
});
