import type { FastifyInstance } from 'fastify';
import { translatorFor } from '../../lib/i18n';
import { resolveRequestLocale } from '../../lib/request-locale';
import { receiptPdf } from './receipts.pdf';
import type { Receipts } from './receipts.service';

interface ReceiptRequest {
  Params: { file: string };
  Querystring: { payment_id?: string };
}

/**
 * `GET /api/receipts/<token>.pdf`: the receipt as a PDF, in the language of the request (the
 * `locale` cookie, else Accept-Language). The token is the secret, as on the receipt's page; an
 * unknown one is a 404. Never cached by anyone but the holder.
 */
export function registerReceiptsRoutes(app: FastifyInstance, receipts: Pick<Receipts, 'receipt'>) {
  app.get<ReceiptRequest>('/api/receipts/:file', async (req, reply) => {
    const match = /^([A-Za-z0-9_-]{1,64})\.pdf$/.exec(req.params.file);
    if (!match) return reply.callNotFound();
    const receipt = await receipts.receipt(match[1]!, req.query.payment_id ?? null);
    const locale = resolveRequestLocale(req);
    const pdf = await receiptPdf(receipt, locale, translatorFor(locale));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="receipt-${receipt.number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .header('content-language', locale)
      .send(pdf);
  });
}
