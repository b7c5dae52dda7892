import { UUID_PATTERN, formTypesOf, type AnswerValue, type FormField } from '@encore/core';
import { ZipArchive } from 'archiver';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { formatDateTime } from '@encore/core';
import type { Viewer } from '../access/viewer';
import type { ViewerResolver } from '../../http/viewer-resolver';
import { CSV_BOM, csvRecord, spreadsheetText } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import { translatorFor, type Translate } from '../../lib/i18n';
import { resolveRequestLocale } from '../../lib/request-locale';
import type { Services } from '../../services';
import { createViewerAccess } from '../access/access';
import { contentDisposition, downloadName, sanitizeFileName } from '../files/files.names';
import type { FileRow } from '../files/files.service';
import type { Catalogue } from '../lookups/lookups.service';
import { opportunityPolicy, type OpportunityRow } from '../opportunities/opportunities.service';
import { teamSeesIdentity, type ExportRow } from './applications.dashboard';
import {
  blindFileName,
  blindFilesOf,
  elementsOf,
  filesInOrder,
  isIdentityField,
} from './applications.elements';
import { APPLICATION_FILE, applicationPolicy, type ApplicationRow } from './applications.service';

interface IdRequest {
  Params: { id: string };
}

/** The identity columns every application has; the forms' own copies of them are not repeated. */
const FIXED_SLUGS = new Set(['full_name', 'email', 'address', 'artist_name']);
const FILE_TYPES = new Set<FormField['type']>(['image', 'audio', 'attachment']);
const LINE_LISTS = new Set<FormField['type']>([
  'image',
  'audio',
  'attachment',
  'link',
  'video_link',
]);
// Pictures, sound and video are compressed already: storing them saves the server's time.
const STORED_AS_IS = /^(image|audio|video)\//;
const BATCH_SIZE = 200;

const asText = spreadsheetText;

const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

interface Column {
  heading: string;
  /** Left empty for a viewer who must not know who applied. */
  identity: boolean;
  value: (row: ExportRow) => string;
}

interface CellContext {
  t: Translate;
  /** A toggle's answer, translated once per export rather than once per cell. */
  toggle: { on: string; off: string };
  catalogue: Catalogue;
  publicUrl: string;
}

function cellOf(field: FormField, value: AnswerValue | undefined, context: CellContext): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? context.toggle.on : context.toggle.off;
  if (typeof value === 'string') return asText(value);
  if (!Array.isArray(value)) return asText(value.label);
  const items = value.map((item) => {
    if (typeof item !== 'string') return JSON.stringify(item);
    if (FILE_TYPES.has(field.type)) return `${context.publicUrl}/files/${item}`;
    if (field.type === 'genres') return context.catalogue.genres.get(item)?.name ?? item;
    if (field.type === 'instruments') return context.catalogue.instruments.get(item)?.name ?? item;
    return asText(item);
  });
  return items.join(LINE_LISTS.has(field.type) ? '\n' : ', ');
}

/** The fields the opportunity's forms ask now, each slug once, in form order. */
async function currentFields(services: Services, opportunity: OpportunityRow) {
  const saved = (await services.forms.formsOf([opportunity.id])).get(opportunity.id) ?? [];
  const seen = new Set<string>();
  const fields: FormField[] = [];
  for (const type of formTypesOf(opportunity.target)) {
    const form = services.forms.viewOf(opportunity.id, type, saved);
    for (const field of [...form.fields].sort((a, b) => a.order - b.order)) {
      const asked = !form.is_skipped || FIXED_SLUGS.has(field.slug);
      if (!asked || field.type === 'heading' || seen.has(field.slug)) continue;
      seen.add(field.slug);
      fields.push(field);
    }
  }
  return fields;
}

/**
 * The export's columns: the application's own, then one per field of the current forms; a band's
 * members get one column per member and member field (`Member 2 – Instrument`), as many members
 * as the largest band has, so each cell holds one answer a spreadsheet can sort and filter by.
 */
async function exportColumns(
  services: Services,
  opportunity: OpportunityRow,
  context: CellContext,
): Promise<Column[]> {
  const { t } = context;
  const heading = (key: string) => capitalised(t(`attributes.${key}`));
  const columns: Column[] = [
    { heading: heading('code'), identity: false, value: (row) => row.code },
    { heading: heading('status'), identity: false, value: (row) => row.status },
    {
      heading: heading('payment_status'),
      identity: false,
      value: (row) => row.paymentStatus ?? '',
    },
    {
      heading: heading('submitted_at'),
      identity: false,
      value: (row) => (row.submittedAt ? formatDateTime(row.submittedAt) : ''),
    },
    { heading: heading('name'), identity: true, value: (row) => asText(row.name) },
    { heading: heading('email'), identity: true, value: (row) => asText(row.email) },
    {
      heading: heading('artist_name'),
      identity: true,
      value: (row) => asText(row.artistName ?? ''),
    },
    { heading: heading('address'), identity: true, value: (row) => asText(row.address) },
    {
      heading: heading('rating'),
      identity: false,
      value: (row) =>
        row.ratingCount > 0
          ? String(Math.round((row.ratingTotal / row.ratingCount) * 100) / 100)
          : '',
    },
    { heading: heading('reviews_count'), identity: false, value: (row) => String(row.ratingCount) },
  ];

  const fields = (await currentFields(services, opportunity)).filter(
    (field) => !FIXED_SLUGS.has(field.slug),
  );
  const groups = fields.filter((field) => field.type === 'group_members');
  const members = await services.applicationsDashboard.mostEntries(
    opportunity.id,
    groups.map((group) => group.slug),
  );
  for (const field of fields) {
    if (field.type !== 'group_members') {
      columns.push({
        heading: asText(field.label),
        identity: isIdentityField(field),
        value: (row) => cellOf(field, row.answers[field.slug], context),
      });
      continue;
    }
    const children = field.child_fields.filter((child) => child.type !== 'heading');
    for (let index = 0; index < (members.get(field.slug) ?? 0); index += 1) {
      for (const child of children) {
        const memberHeading = t('attributes.member_field', {
          number: index + 1,
          field: child.label,
        });
        columns.push({
          heading: asText(groups.length > 1 ? `${field.label} – ${memberHeading}` : memberHeading),
          identity: isIdentityField(child),
          value: (row) => {
            const list = row.answers[field.slug];
            const member = Array.isArray(list) ? list[index] : undefined;
            return member && typeof member === 'object'
              ? cellOf(child, member[child.slug], context)
              : '';
          },
        });
      }
    }
  }
  return columns;
}

/** `Demo recording/take 1.mp3`: no folders inside a name, nothing a file system refuses. */
function safeSegment(text: string, fallback: string): string {
  return sanitizeFileName(text.replace(/[/\\]/g, '-'), fallback).replace(/[<>:"|?*]/g, '_');
}

function uniqueName(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot) : '';
  let candidate = name;
  for (let copy = 2; taken.has(candidate.toLowerCase()); copy += 1) {
    candidate = `${stem} (${copy})${extension}`;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * The application files of one application as zip entries, in form order, named
 * `<field label>/<original name>` (for a blind reviewer `<field label>/<code>-<n>.<extension>`);
 * only files the application owns.
 */
async function zipEntries(
  services: Services,
  application: ApplicationRow,
  hideIdentity: boolean,
  t: Translate,
): Promise<Array<{ name: string; file: FileRow }>> {
  const elements = elementsOf(application.formSnapshot, application.answers, hideIdentity);
  const blind = hideIdentity ? blindFilesOf(application.code, elements) : undefined;
  const wanted = filesInOrder(elements, (number, field) =>
    t('attributes.member_field', { number, field }),
  );
  const rows = new Map(
    (await services.files.byIds(wanted.map((entry) => entry.fileId))).map((file) => [
      file.id,
      file,
    ]),
  );
  const taken = new Set<string>();
  return wanted.flatMap(({ folder, fileId }) => {
    const file = rows.get(fileId);
    if (!file || file.ownerType !== APPLICATION_FILE || file.ownerId !== application.id) return [];
    const shown = blind
      ? blindFileName(blind, file.id, file.extension)
      : downloadName(file.originalName, file.extension);
    const name = safeSegment(shown, 'file');
    return [{ name: uniqueName(`${safeSegment(folder, 'files')}/${name}`, taken), file }];
  });
}

/** Adds the files one at a time (one storage stream open at once), then closes the archive. */
async function fillArchive(
  archive: ZipArchive,
  entries: ReadonlyArray<{ name: string; file: FileRow }>,
  services: Services,
) {
  const closed = new AbortController();
  archive.once('close', () => closed.abort());
  try {
    for (const { name, file } of entries) {
      const opened = await services.files.openOriginal(file);
      const added = once(archive, 'entry', { signal: closed.signal });
      archive.append(opened.stream, {
        name,
        date: file.createdAt,
        store: STORED_AS_IS.test(file.mimeType),
      });
      await added.catch((error: unknown) => {
        opened.stream.destroy();
        throw error;
      });
    }
    await archive.finalize();
  } catch (error) {
    if (!closed.signal.aborted) archive.destroy(error as Error);
  }
}

/**
 * The application an HTTP viewer may see (what `applicationFor` decides for GraphQL), and whether
 * they see who applied; anything else answers like an unknown id.
 */
async function viewableApplication(services: Services, viewer: Viewer, id: string) {
  if (!UUID_PATTERN.test(id)) throw AppError.notFound('application');
  const [application] = await services.applications.byIds([id.toLowerCase()]);
  if (!application) throw AppError.notFound('application');
  const access = createViewerAccess(viewer, services.organisations, services.opportunities);
  const grant = await access.opportunity(application.opportunityId);
  const viewerId = viewer.user?.id;
  if (!applicationPolicy.view(viewerId, grant, application)) throw AppError.notFound('application');
  const [opportunity] = await services.opportunities.byIds([application.opportunityId]);
  return {
    application,
    seesIdentity: applicationPolicy.seesIdentity(
      viewerId,
      grant,
      application,
      opportunity?.blindReview ?? false,
    ),
  };
}

/** An opportunity whose applications the viewer reads; its team without that right is refused. */
async function readableOpportunity(services: Services, viewer: Viewer, id: string) {
  if (!UUID_PATTERN.test(id)) throw AppError.notFound('opportunity');
  const [opportunity] = await services.opportunities.byIds([id.toLowerCase()]);
  if (!opportunity || opportunity.status === 'DELETED') throw AppError.notFound('opportunity');
  const access = createViewerAccess(viewer, services.organisations, services.opportunities);
  const grant = await access.opportunity(opportunity.id);
  if (!applicationPolicy.readsApplications(grant)) {
    throw opportunityPolicy.isTeam(grant) ? AppError.forbidden() : AppError.notFound('opportunity');
  }
  return { opportunity, seesIdentity: teamSeesIdentity(grant, opportunity.blindReview) };
}

async function signedIn(resolveViewer: ViewerResolver, req: FastifyRequest): Promise<Viewer> {
  const viewer = await resolveViewer(req);
  if (!viewer.isLoggedIn) throw AppError.unauthenticated();
  return viewer;
}

/**
 * The dashboard's downloads (issue 6 point 7), for a Bearer token as `GET /files/:id` takes it:
 * `GET /api/opportunities/:id/applications.csv`, every application shown to the team with every
 * answer, streamed batch by batch; `GET /api/applications/:id/files.zip`, every file of one
 * application. Errors answer as JSON in the caller's language.
 */
export function registerApplicationsRoutes(
  app: FastifyInstance,
  services: Services,
  resolveViewer: ViewerResolver,
  publicUrl: string,
) {
  app.get<IdRequest>('/api/opportunities/:id/applications.csv', async (req, reply) => {
    const viewer = await signedIn(resolveViewer, req);
    const { opportunity, seesIdentity } = await readableOpportunity(
      services,
      viewer,
      req.params.id,
    );
    const t = translatorFor(resolveRequestLocale(req));
    const context: CellContext = {
      t,
      toggle: { on: t('attributes.answer_true'), off: t('attributes.answer_false') },
      catalogue: await services.lookups.catalogue(),
      publicUrl,
    };
    const columns = await exportColumns(services, opportunity, context);
    const batches = services.applicationsDashboard.exportBatches(opportunity.id, BATCH_SIZE);

    // One string a batch: the rows' objects die young, so a large export leaves little behind.
    async function* text() {
      yield CSV_BOM + csvRecord(columns.map((column) => column.heading));
      for await (const batch of batches) {
        let records = '';
        for (const row of batch) {
          records += csvRecord(
            columns.map((column) => (column.identity && !seesIdentity ? '' : column.value(row))),
          );
        }
        yield records;
      }
    }

    reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        contentDisposition('attachment', `${opportunity.slug}-applications.csv`),
      )
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff');
    const csv = Readable.from(text(), { objectMode: false });
    csv.on('error', (error) => req.log.error({ err: error }, 'application export failed'));
    return reply.send(csv);
  });

  app.get<IdRequest>('/api/applications/:id/files.zip', async (req, reply) => {
    const viewer = await signedIn(resolveViewer, req);
    const { application, seesIdentity } = await viewableApplication(
      services,
      viewer,
      req.params.id,
    );
    const t = translatorFor(resolveRequestLocale(req));
    const entries = await zipEntries(services, application, !seesIdentity, t);
    const archive = new ZipArchive({ zlib: { level: 6 } });
    archive.on('error', (error) =>
      req.log.error({ err: error }, 'application files archive failed'),
    );
    void fillArchive(archive, entries, services);
    reply
      .type('application/zip')
      .header(
        'content-disposition',
        contentDisposition('attachment', `${application.code}-files.zip`),
      )
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff');
    return reply.send(archive);
  });
}
