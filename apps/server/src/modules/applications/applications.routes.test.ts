import { type FormType } from '@encore/core';
import { parse as parseDisposition } from 'content-disposition';
import { eq } from 'drizzle-orm';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, type TestAccount } from '../../../test/accounts';
import { managerAndReviewer, publishedOpportunity } from '../../../test/opportunities';
import { startTestServer, type TestServer } from '../../../test/harness';
import { insertOrganisation } from '../../../test/organisations';
import { startTestSmtp } from '../../../test/smtp';
import { MP3_BYTES, PDF_BYTES, uploadedId } from '../../../test/uploads';
import { opportunities } from '../opportunities/opportunities.table';
import type { OpportunityRow } from '../opportunities/opportunities.service';
import type { OrganisationRow } from '../organisations/organisations.table';
import { users } from '../users/users.table';
import { applications } from './applications.table';
import { formField } from '../../../test/form-fields';

type Smtp = Awaited<ReturnType<typeof startTestSmtp>>;
type Role = 'owner' | 'manager' | 'reviewer' | 'member' | 'performer' | 'stranger' | 'band';
let server: TestServer;
let smtp: Smtp;
let organisation: OrganisationRow;
const people = {} as Record<Role, TestAccount>;

/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read freely in assertions; a wrong path fails them */
type Answer = { data?: any; errors?: any };
const call = async (query: string, variables: Record<string, unknown>, account: TestAccount) =>
  (await server.graphql(query, variables, account.headers)).body as Answer;

const PERSONAL = [
  formField({
    type: 'text_field',
    subtype: 'text',
    slug: 'full_name',
    label: 'Full name',
    is_required: true,
  }),
  formField({ type: 'email', slug: 'email', label: 'Email', is_required: true }),
  formField({ type: 'location', slug: 'address', label: 'Address', is_required: true }),
];
const DEMO = formField({
  type: 'audio',
  slug: 'demo',
  label: 'Demo recording',
  file_count: 2,
  file_size: 1,
});
const BAND_FORM = {
  type: 'GENERAL' as const,
  max_members: 4,
  fields: [
    formField({
      type: 'text_field',
      subtype: 'text',
      slug: 'artist_name',
      label: 'Artist name',
      is_required: true,
    }),
    ...PERSONAL,
    DEMO,
    formField({
      type: 'group_members',
      slug: 'group_members',
      label: 'Band members',
      is_multiple: true,
      child_fields: [
        formField({ type: 'text_field', subtype: 'text', slug: 'full_name', label: 'Member name' }),
        formField({
          type: 'instruments',
          slug: 'instruments',
          label: 'Instruments',
          is_multiple: true,
        }),
      ],
    }),
  ],
};
const INDIVIDUAL_FORM = {
  type: 'INDIVIDUAL' as const,
  fields: [
    ...PERSONAL,
    formField({ type: 'heading', subtype: 'h4', slug: 'about_you', label: 'About you' }),
    formField({
      type: 'list',
      subtype: 'single',
      slug: 'style',
      label: 'Style',
      choices: ['jazz', 'folk'],
    }),
    formField({ type: 'text_field', subtype: 'textarea', slug: 'notes', label: 'Notes' }),
    formField({ type: 'toggle', slug: 'has_van', label: 'Has a van' }),
    DEMO,
    formField({
      type: 'attachment',
      slug: 'rider',
      label: 'Technical rider',
      accept: ['application/pdf'],
    }),
    formField({ type: 'tel', slug: 'phone', label: 'Phone' }),
  ],
};

let titleCount = 0;
const opportunity = (title: string): Promise<OpportunityRow> =>
  publishedOpportunity(server, {
    organisationId: organisation.id,
    owner: people.owner,
    title: `${title} ${(titleCount += 1)}`,
    fields: {
      description: '<p>Three songs.</p>',
      deadline_date: '2099-04-01 23:59',
      start_date: '2099-05-01 19:00',
      end_date: '2099-05-02 23:00',
    },
    seats: managerAndReviewer(people.manager, people.reviewer),
    forms: [BAND_FORM, INDIVIDUAL_FORM],
  });

const SAVE = `mutation($input: SaveApplicationInput!) { saveApplication(input: $input) { id code } }`;
const SUBMIT = `mutation($input: ApplicationIdInput!) { submitApplication(input: $input) { id code status } }`;

async function apply(
  account: TestAccount,
  opportunityId: string,
  type: FormType,
  answers: Record<string, unknown>,
  submit = true,
): Promise<{ id: string; code: string }> {
  const saved = await call(
    SAVE,
    { input: { opportunity_id: opportunityId, form_type: type, answers } },
    account,
  );
  expect(saved.errors).toBeUndefined();
  if (!submit) return saved.data.saveApplication;
  const sent = await call(SUBMIT, { input: { id: saved.data.saveApplication.id } }, account);
  expect(sent.errors).toBeUndefined();
  return sent.data.submitApplication;
}

const ADDRESS = { label: 'Rua das Flores 12, Lisbon', city_id: '2267057', country_code: 'PT' };
const upload = (account: TestAccount, bytes: Uint8Array, name: string, type: string) =>
  uploadedId(server, { bytes, name, type }, 'ATTACHMENT', account.headers);

/** RFC 4180: quoted cells may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** The entries of a zip archive, read from its central directory (no zip reader is installed). */
function readZip(bytes: Buffer): Map<string, Buffer> {
  let end = bytes.length - 22;
  while (end >= 0 && bytes.readUInt32LE(end) !== 0x06054b50) end -= 1;
  expect(end).toBeGreaterThanOrEqual(0);
  const count = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let index = 0; index < count; index += 1) {
    expect(bytes.readUInt32LE(offset)).toBe(0x02014b50);
    const method = bytes.readUInt16LE(offset + 10);
    const compressedSize = bytes.readUInt32LE(offset + 20);
    const size = bytes.readUInt32LE(offset + 24);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    const local = bytes.readUInt32LE(offset + 42);
    const name = bytes.toString('utf8', offset + 46, offset + 46 + nameLength);
    // The local header names the same entry; its data follows its own name and extra field.
    expect(bytes.readUInt32LE(local)).toBe(0x04034b50);
    const localName = local + 30;
    const localNameLength = bytes.readUInt16LE(local + 26);
    expect(bytes.toString('utf8', localName, localName + localNameLength)).toBe(name);
    const start = localName + localNameLength + bytes.readUInt16LE(local + 28);
    const raw = bytes.subarray(start, start + compressedSize);
    const data = method === 8 ? inflateRawSync(raw) : Buffer.from(raw);
    expect(data.length).toBe(size);
    entries.set(name, data);
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

const disposition = (response: Response) => {
  const { type, parameters } = parseDisposition(response.headers.get('content-disposition') ?? '');
  return { type, parameters };
};

const csvOf = (opportunityId: string, account?: TestAccount) =>
  fetch(`${server.url}/api/opportunities/${opportunityId}/applications.csv`, {
    headers: account?.headers ?? {},
  });
const zipOf = (applicationId: string, account?: TestAccount) =>
  fetch(`${server.url}/api/applications/${applicationId}/files.zip`, {
    headers: account?.headers ?? {},
  });

/** The export as one record per row, keyed by heading. */
async function exported(opportunityId: string, account: TestAccount) {
  const response = await csvOf(opportunityId, account);
  expect(response.status).toBe(200);
  const [heading, ...rows] = parseCsv((await response.text()).replace(/^\uFEFF/, ''));
  return {
    heading: heading!,
    rows: rows.map((row) => Object.fromEntries(heading!.map((name, index) => [name, row[index]]))),
  };
}

let row: OpportunityRow;
let solo: { id: string; code: string };
let band: { id: string; code: string };
const fileIds = {} as Record<'demo1' | 'demo2' | 'rider' | 'bandDemo', string>;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ smtpUrl: smtp.url });
  for (const role of ['owner', 'manager', 'reviewer', 'member', 'performer', 'stranger'] as const) {
    people[role] = await registerAccount(server, { name: `Pat ${role}` });
  }
  people.band = await registerAccount(server, { name: 'Velvet Tides', type: 'BAND' });
  organisation = await insertOrganisation(server.database.db, { name: 'Harbour Lights' }, [
    { userId: people.owner.id, email: people.owner.email, role: 'owner' },
    { userId: people.member.id, email: people.member.email, role: 'member' },
  ]);
  row = await opportunity('Harbour Exports');

  fileIds.demo1 = await upload(people.performer, MP3_BYTES, 'demo.mp3', 'audio/mpeg');
  fileIds.demo2 = await upload(people.performer, MP3_BYTES, 'demo.mp3', 'audio/mpeg');
  fileIds.rider = await upload(people.performer, PDF_BYTES, 'rider.pdf', 'application/pdf');
  solo = await apply(people.performer, row.id, 'INDIVIDUAL', {
    full_name: 'José Álvarez',
    email: people.performer.email,
    address: ADDRESS,
    style: 'jazz',
    notes: '=HYPERLINK("http://evil.test")',
    has_van: true,
    demo: [fileIds.demo1, fileIds.demo2],
    rider: [fileIds.rider],
    phone: '+351 912 000 111',
  });
  await server.database.db
    .update(applications)
    .set({ ratingTotal: 9, ratingCount: 2 })
    .where(eq(applications.id, solo.id));

  fileIds.bandDemo = await upload(people.band, MP3_BYTES, 'live take.mp3', 'audio/mpeg');
  band = await apply(people.band, row.id, 'GENERAL', {
    artist_name: 'Velvet Tides',
    full_name: 'Ines Duarte',
    email: people.band.email,
    address: ADDRESS,
    demo: [fileIds.bandDemo],
    group_members: [
      { full_name: 'Ines Duarte', instruments: ['vocals'] },
      { full_name: 'Rui Costa', instruments: ['drums', 'vocals'] },
    ],
  });
  // A draft is the applicant's own: never exported.
  await apply(people.stranger, row.id, 'INDIVIDUAL', { full_name: 'Dora Draft' }, false);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('GET /api/opportunities/:id/applications.csv', () => {
  it('streams every application shown to the team with every answer, as UTF-8 with a BOM, to download', async () => {
    const response = await csvOf(row.id, people.manager);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(disposition(response)).toEqual({
      type: 'attachment',
      parameters: { filename: `${row.slug}-applications.csv` },
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const { heading, rows } = await exported(row.id, people.manager);
    expect(heading).toEqual([
      'Code',
      'Status',
      'Payment status',
      'Submitted at',
      'Name',
      'Email',
      'Artist name',
      'Address',
      'Rating',
      'Reviews',
      // The band form first (its members as wide as the largest band), then what the other adds.
      'Demo recording',
      'Member 1 – Member name',
      'Member 1 – Instruments',
      'Member 2 – Member name',
      'Member 2 – Instruments',
      'Style',
      'Notes',
      'Has a van',
      'Technical rider',
      'Phone',
    ]);
    expect(rows.map((record) => record.Code)).toEqual([solo.code, band.code]);
    const catalogue = await server.app.services.lookups.catalogue();
    const instrument = (id: string) => catalogue.instruments.get(id)?.name ?? id;
    const files = (...ids: string[]) =>
      ids.map((id) => `${server.config.publicUrl}/files/${id}`).join('\n');
    expect(rows[0]).toEqual({
      Code: solo.code,
      Status: 'SUBMITTED',
      'Payment status': '',
      'Submitted at': expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      Name: 'José Álvarez',
      Email: people.performer.email,
      'Artist name': '',
      Address: ADDRESS.label,
      Rating: '4.5',
      Reviews: '2',
      'Demo recording': files(fileIds.demo1, fileIds.demo2),
      'Member 1 – Member name': '',
      'Member 1 – Instruments': '',
      'Member 2 – Member name': '',
      'Member 2 – Instruments': '',
      Style: 'jazz',
      // A spreadsheet would run it: it stays text.
      Notes: `'=HYPERLINK("http://evil.test")`,
      'Has a van': 'yes',
      'Technical rider': files(fileIds.rider),
      Phone: '+351 912 000 111',
    });
    expect(rows[1]).toMatchObject({
      Code: band.code,
      Name: 'Ines Duarte',
      'Artist name': 'Velvet Tides',
      Rating: '',
      Reviews: '0',
      'Demo recording': files(fileIds.bandDemo),
      'Member 1 – Member name': 'Ines Duarte',
      'Member 1 – Instruments': instrument('vocals'),
      'Member 2 – Member name': 'Rui Costa',
      'Member 2 – Instruments': `${instrument('drums')}, ${instrument('vocals')}`,
      Style: '',
    });
  });

  it('leaves who applied empty for a blind reviewer, not for the manager', async () => {
    await server.database.db
      .update(opportunities)
      .set({ blindReview: true })
      .where(eq(opportunities.id, row.id));
    try {
      const blind = await exported(row.id, people.reviewer);
      for (const record of blind.rows) {
        expect(record).toMatchObject({
          Name: '',
          Email: '',
          'Artist name': '',
          Address: '',
          Phone: '',
          'Member 1 – Member name': '',
          'Member 2 – Member name': '',
        });
      }
      expect(blind.rows[0]).toMatchObject({ Style: 'jazz', Code: solo.code });
      expect(blind.rows[1]!['Member 2 – Instruments']).not.toBe('');
      const managed = await exported(row.id, people.manager);
      expect(managed.rows[0]).toMatchObject({ Name: 'José Álvarez', Phone: '+351 912 000 111' });
    } finally {
      await server.database.db
        .update(opportunities)
        .set({ blindReview: false })
        .where(eq(opportunities.id, row.id));
    }
  });

  it('reads large opportunities in batches without losing or repeating a row, even at the same instant', async () => {
    const big = await opportunity('Crowded Festival');
    const count = 1203;
    const accounts = await server.database.db
      .insert(users)
      .values(
        Array.from({ length: count }, (_, index) => ({
          name: `Crowd ${index}`,
          email: `crowd.${index}.${Date.now().toString(36)}@example.test`,
          passwordHash: 'x',
        })),
      )
      .returning({ id: users.id });
    const at = new Date('2027-03-01T10:00:00.123Z');
    await server.database.db.insert(applications).values(
      accounts.map((account, index) => ({
        code: `CRW-${String(index).padStart(6, '0')}`,
        opportunityId: big.id,
        userId: account.id,
        formType: 'INDIVIDUAL' as const,
        formSnapshot: [],
        status: 'SUBMITTED' as const,
        name: `Crowd ${index}`,
        createdAt: at,
      })),
    );
    const { rows } = await exported(big.id, people.owner);
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((record) => record.Code)).size).toBe(count);
  });

  it('asks for a token (401), hides the list from outsiders (404) and refuses team members who cannot read it (403)', async () => {
    const anonymous = await csvOf(row.id);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({
      error: { message: 'Not authenticated', code: 'UNAUTHENTICATED' },
    });
    for (const role of ['stranger', 'performer', 'band'] as const) {
      const response = await csvOf(row.id, people[role]);
      expect(response.status, role).toBe(404);
      expect((await response.json()).error.message, role).toBe('The opportunity was not found.');
    }
    expect((await csvOf(row.id, people.member)).status).toBe(403);
    for (const role of ['reviewer', 'manager', 'owner'] as const) {
      const response = await csvOf(row.id, people[role]);
      expect(response.status, role).toBe(200);
      await response.arrayBuffer();
    }
    expect((await csvOf('00000000-0000-4000-8000-000000000000', people.owner)).status).toBe(404);
    expect((await csvOf('not-an-id', people.owner)).status).toBe(404);
  });
});

describe('GET /api/applications/:id/files.zip', () => {
  it('zips every file of an application in folders named after its fields, names made unique', async () => {
    const response = await zipOf(solo.id, people.reviewer);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(disposition(response)).toEqual({
      type: 'attachment',
      parameters: { filename: `${solo.code}-files.zip` },
    });
    const entries = readZip(Buffer.from(await response.arrayBuffer()));
    expect([...entries.keys()]).toEqual([
      'Demo recording/demo.mp3',
      'Demo recording/demo (2).mp3',
      'Technical rider/rider.pdf',
    ]);
    expect(entries.get('Demo recording/demo (2).mp3')).toEqual(Buffer.from(MP3_BYTES));
    expect(entries.get('Technical rider/rider.pdf')).toEqual(Buffer.from(PDF_BYTES));
  });

  it('lets whoever may view the application download it, and no one else', async () => {
    for (const role of ['performer', 'reviewer', 'manager', 'owner'] as const) {
      const response = await zipOf(solo.id, people[role]);
      expect(response.status, role).toBe(200);
      await response.arrayBuffer();
    }
    const own = readZip(Buffer.from(await (await zipOf(band.id, people.band)).arrayBuffer()));
    expect([...own.keys()]).toEqual(['Demo recording/live take.mp3']);
    for (const role of ['stranger', 'member', 'band'] as const) {
      const response = await zipOf(solo.id, people[role]);
      expect(response.status, role).toBe(404);
      expect((await response.json()).error.message).toBe('The application was not found.');
    }
    expect((await zipOf(solo.id)).status).toBe(401);
    expect((await zipOf('00000000-0000-4000-8000-000000000000', people.owner)).status).toBe(404);
    expect((await zipOf('42', people.owner)).status).toBe(404);
  });

  it('GET /files/:id names the download after the original file', async () => {
    const response = await fetch(`${server.url}/files/${fileIds.rider}`, {
      headers: people.reviewer.headers,
    });
    expect(response.status).toBe(200);
    expect(disposition(response)).toEqual({
      type: 'attachment',
      parameters: { filename: 'rider.pdf' },
    });
    await response.arrayBuffer();
  });
});
