import type { GraphQLField } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { startTestSmtp } from '../../test/smtp';
import { MP3_BYTES, PDF_BYTES } from '../../test/uploads';
import {
  changedTables,
  faultsOf,
  refusalCategory,
  tableStateReader,
  wasExecuted,
  wasRefused,
  type Answer,
  type TableStates,
} from './hostile-input.answers';
import { argumentsWith, documentOf, hostileValuesFor, positionsOf } from './hostile-input.cases';
import { seedHostileWorld, type HostileWorld } from './hostile-input.world';
import { getSchema } from './schema';

/**
 * Every query and mutation of the schema, every argument and every field inside one, receives
 * hostile values (hostile-input.cases.ts) with valid values everywhere else, as a platform admin
 * who owns the organisation (hostile-input.world.ts), so that requests get past the scopes to the
 * resolvers. No answer may be a server error, an internal error or carry a stack trace; a refused
 * mutation writes nothing. Every value is sent: no sampling, so a run is the same on every machine.
 */

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let world: HostileWorld;
let tableStates: () => Promise<TableStates>;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ smtpUrl: smtp.url });
  world = await seedHostileWorld(server);
  // A refused mutation must write nothing: the events accepted ones wrote are delivered now, and
  // none while requests run, so that no table changes behind a request's back.
  await server.deliverEvents();
  await server.app.services.events.dispatcher.stop();
  tableStates = await tableStateReader(server);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

interface Request {
  operation: string;
  case: string;
  send: () => Promise<{ status: number; text: string }>;
}

async function post(body: string | FormData) {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: {
      ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
      accept: 'application/graphql-response+json',
      ...world.adminHeaders,
    },
    body,
  });
  return { status: response.status, text: await response.text() };
}

function requestsOf(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): Request[] {
  const query = documentOf(kind, field);
  const positions = positionsOf(field);
  return positions.flatMap((position) =>
    hostileValuesFor(position, world.fixture).map((hostile) => ({
      operation: field.name,
      case: `${position.path.join('.')} = ${hostile.label}`,
      send: () => {
        const variables = argumentsWith(field, positions, position, hostile.value, world.fixture);
        return post(JSON.stringify({ query, variables }));
      },
    })),
  );
}

const HOSTILE_FILE_NAMES = [
  'rider\u0000.pdf',
  'rider\uD83C.pdf',
  '\u202Efdp.exe',
  '<script>alert(1)</script>.pdf',
  "'; drop table files; --.pdf",
  '../../../../etc/passwd',
  `${'x'.repeat(5_000)}.pdf`,
  '',
];

/** uploadFile as real multipart requests: an empty file, files with hostile names, a lie. */
function uploadRequests(): Request[] {
  const cases = [
    { label: 'an empty file', bytes: new Uint8Array(0), name: 'empty.mp3', purpose: 'MEDIA' },
    ...HOSTILE_FILE_NAMES.map((name) => ({
      label: `a file named ${JSON.stringify(name.slice(0, 40))}`,
      bytes: PDF_BYTES,
      name,
      purpose: 'ATTACHMENT',
    })),
    { label: 'a sound sent as a picture', bytes: MP3_BYTES, name: 'demo.mp3', purpose: 'AVATAR' },
  ];
  const query = 'mutation($input: UploadFileInput!) { uploadFile(input: $input) { id name } }';
  return cases.map(({ label, bytes, name, purpose }) => ({
    operation: 'uploadFile',
    case: `input.file = ${label}`,
    send: () => {
      const form = new FormData();
      form.append(
        'operations',
        JSON.stringify({ query, variables: { input: { file: null, purpose } } }),
      );
      form.append('map', JSON.stringify({ 0: ['variables.input.file'] }));
      form.append('0', new Blob([new Uint8Array(bytes)]), name);
      return post(form);
    },
  }));
}

type Check = (request: Request, answer: { status: number; text: string }) => Answer;

/**
 * What refused mutations wrote. All of one operation's requests run between two readings of the
 * tables. When some were accepted (their writes hide any other) or something was written, the
 * refused ones that reached execution run again between readings of their own, and if that
 * still writes, one at a time.
 */
async function refusedWrites(requests: readonly Request[], check: Check): Promise<string[]> {
  const before = await tableStates();
  const refused: Request[] = [];
  let accepted = false;
  for (const request of requests) {
    const answer = check(request, await request.send());
    if (!wasRefused(answer)) accepted = true;
    else if (wasExecuted(answer)) refused.push(request);
  }
  if (refused.length === 0) return [];
  if (!accepted && changedTables(before, await tableStates()).length === 0) return [];

  const again = await tableStates();
  for (const request of refused) check(request, await request.send());
  if (changedTables(again, await tableStates()).length === 0) return [];

  const writes: string[] = [];
  for (const request of refused) {
    const changed = await writesOfOne(request, check);
    if (changed.length > 0)
      writes.push(`${request.operation} ${request.case}: ${changed.join(', ')}`);
  }
  return writes;
}

/**
 * The tables one refused request wrote to. A write is confirmed by a second try: a recurring job,
 * or the mail of a request accepted earlier, may have written in between.
 */
async function writesOfOne(request: Request, check: Check): Promise<string[]> {
  let changed: string[] = [];
  for (let attempt = 0; attempt < 2 && (attempt === 0 || changed.length > 0); attempt += 1) {
    const before = await tableStates();
    const answer = check(request, await request.send());
    changed = wasRefused(answer) ? changedTables(before, await tableStates()) : [];
  }
  return changed;
}

async function inParallel<T>(items: readonly T[], width: number, each: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await each(items[(next += 1) - 1]!);
    }),
  );
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Run last: these change the signed-in account itself when a hostile value happens to be valid. */
const ACCOUNT_CHANGING = ['changeEmail', 'changePassword', 'deleteAccount'];

describe('hostile input to every operation', () => {
  it('never answers a server error, an internal error or a stack trace, and a refused mutation writes nothing', async () => {
    const schema = getSchema();
    const queries = Object.values(schema.getQueryType()!.getFields());
    const mutations = Object.values(schema.getMutationType()!.getFields()).sort(
      (a, b) =>
        Number(ACCOUNT_CHANGING.includes(a.name)) - Number(ACCOUNT_CHANGING.includes(b.name)),
    );
    const faults = new Set<string>();
    const writes: string[] = [];
    const answers = new Map<string, number>();
    let sent = 0;
    const check: Check = (request, response) => {
      sent += 1;
      const answer = { ...response, operation: request.operation, case: request.case };
      for (const fault of faultsOf(answer)) faults.add(fault);
      const kind = wasRefused(answer) ? refusalCategory(answer) : 'accepted';
      answers.set(kind, (answers.get(kind) ?? 0) + 1);
      return answer;
    };

    const started = performance.now();
    // Queries write nothing worth guarding (a read receipt at most): several at a time.
    await inParallel(
      queries.flatMap((field) => requestsOf('query', field)),
      4,
      async (request) => void check(request, await request.send()),
    );
    const queriesDone = performance.now();
    // Mutations one at a time: concurrent writes to the same records would only test locking.
    for (const field of mutations) {
      writes.push(...(await refusedWrites(requestsOf('mutation', field), check)));
    }
    writes.push(...(await refusedWrites(uploadRequests(), check)));

    const argumentCount = [...queries, ...mutations].reduce(
      (sum, field) => sum + positionsOf(field).length,
      0,
    );
    console.log(
      `hostile input: ${sent} requests over ${queries.length + mutations.length} operations, ` +
        `${argumentCount} arguments and input fields; answers ` +
        `${JSON.stringify(Object.fromEntries(answers))}; queries ` +
        `${seconds(queriesDone - started)}, mutations ${seconds(performance.now() - queriesDone)}`,
    );
    expect([...faults]).toEqual([]);
    expect(writes).toEqual([]);
    // Past the scopes: the admin is refused nothing as not allowed, and services had their say.
    expect(answers.get('authorization') ?? 0).toBe(0);
    expect(answers.get('accepted') ?? 0).toBeGreaterThan(100);
  }, 400_000);
});
