import { formatDateTime, formatMoney } from '@encore/core';
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import type { ViewerResolver } from '../../http/viewer-resolver';
import { CSV_BOM, csvRecord, spreadsheetText } from '../../lib/csv';
import { AppError, translateValidationMap } from '../../lib/errors';
import { translatorFor } from '../../lib/i18n';
import { resolveRequestLocale } from '../../lib/request-locale';
import type { Services } from '../../services';
import { createViewerAccess } from '../access/access';
import { contentDisposition } from '../files/files.names';
import type { PaymentRow } from './payments.table';
import { paymentsFilterSchema } from './payments-reports.input';
import { paymentsPolicy } from './payments.policy';

interface ExportRequest {
  Params: { slug: string };
  Querystring: Record<string, string | undefined>;
}

const COLUMNS: Array<[heading: string, value: (row: PaymentRow, locale: string) => string]> = [
  ['payment_id', (row) => row.id],
  ['application_id', (row) => row.applicationId],
  ['name', (row) => spreadsheetText(row.payerName)],
  ['email', (row) => spreadsheetText(row.payerEmail ?? '')],
  ['fee_title', (row) => spreadsheetText(row.optionTitle ?? '')],
  ['amount', (row, locale) => formatMoney(row.amount, row.currency, locale)],
  ['refunded', (row, locale) => formatMoney(row.amountRefunded, row.currency, locale)],
  ['currency', (row) => row.currency],
  ['coupon', (row) => spreadsheetText(row.couponCode ?? '')],
  ['discount_percent', (row) => String(row.discountPercent)],
  ['status', (row) => row.status],
  ['method', (row) => row.method],
  ['created_at', (row) => formatDateTime(row.succeededAt ?? row.createdAt)],
  ['receipt_number', (row) => (row.receiptNumber === null ? '' : String(row.receiptNumber))],
];

/**
 * `GET /api/opportunities/:slug/payments.csv`: the opportunity's payments (the list's filters as
 * query parameters), streamed batch by batch, for those who manage its payments, with a Bearer
 * token as the other downloads take it.
 */
export function registerPaymentsExportRoutes(
  app: FastifyInstance,
  services: Services,
  resolveViewer: ViewerResolver,
) {
  app.get<ExportRequest>('/api/opportunities/:slug/payments.csv', async (req, reply) => {
    const viewer = await resolveViewer(req);
    if (!viewer.isLoggedIn) throw AppError.unauthenticated();
    const slug = req.params.slug;
    if (!/^[A-Za-z0-9-]{1,200}$/.test(slug)) throw AppError.notFound('opportunity');
    const opportunity = await services.opportunities.bySlug(slug);
    if (!opportunity) throw AppError.notFound('opportunity');
    const access = createViewerAccess(viewer, services.organisations, services.opportunities);
    if (!paymentsPolicy.manage(await access.opportunity(opportunity.id))) {
      throw AppError.notFound('opportunity');
    }
    const locale = resolveRequestLocale(req);
    const t = translatorFor(locale);
    const { q, status, refunded, sort, asc } = req.query;
    const parsed = paymentsFilterSchema.safeParse({
      q: q ?? null,
      status: status || null,
      refunded: refunded === undefined ? null : refunded === 'true',
      sort: sort || null,
      asc: asc === undefined ? null : asc === 'true',
    });
    if (!parsed.success) {
      throw AppError.validation(
        translateValidationMap(
          Object.fromEntries(
            parsed.error.issues.map((issue) => [
              String(issue.path[0] ?? 'filters'),
              ['validation.in'],
            ]),
          ),
          t,
        ),
      );
    }
    const rows = services.payments.reports.each(opportunity.id, parsed.data);

    async function* text() {
      yield CSV_BOM + csvRecord(COLUMNS.map(([heading]) => t(`payments.csv.${heading}`)));
      let records = '';
      let count = 0;
      for await (const row of rows) {
        records += csvRecord(COLUMNS.map(([, value]) => value(row, locale)));
        if (++count % 200 === 0) {
          yield records;
          records = '';
        }
      }
      if (records) yield records;
    }

    reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        contentDisposition('attachment', `payments-${opportunity.slug}.csv`),
      )
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff');
    const csv = Readable.from(text(), { objectMode: false });
    csv.on('error', (error) => req.log.error({ err: error }, 'payments export failed'));
    return reply.send(csv);
  });
}
