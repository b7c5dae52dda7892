import { formatDate, formatMoney, type Locale } from '@encore/core';
import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { Translate } from '../../lib/i18n';
import type { ReceiptView } from './receipts.service';

/**
 * A font that has Latin, Cyrillic and Arabic letters, where the machine has one; PDF's built-in
 * Helvetica (Latin only) otherwise.
 */
const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/TTF/DejaVuSans.ttf',
];
let fontPath: string | null | undefined;
function unicodeFont(): string | null {
  if (fontPath === undefined) fontPath = FONT_CANDIDATES.find((path) => existsSync(path)) ?? null;
  return fontPath;
}

const RTL_LOCALES = new Set<string>(['ar', 'he', 'fa', 'ur']);

/** The receipt as a one-page A4 PDF in the locale given; amounts formatted for that locale. */
export async function receiptPdf(receipt: ReceiptView, locale: Locale, t: Translate) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `${t('receipts.title')} ${receipt.number}`,
      Author: receipt.organisationName,
      Creator: 'Encore',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const font = unicodeFont();
  if (font) doc.font(font);
  const align = RTL_LOCALES.has(locale) ? 'right' : 'left';
  const money = (amount: number) => formatMoney(amount, receipt.currency, locale);
  const status =
    receipt.status === 'SUCCEEDED' || receipt.status === 'REFUNDED'
      ? t(`receipts.statuses.${receipt.status}`)
      : t('receipts.statuses.other');

  doc.fillColor('#c62828').fontSize(20).text('Encore', { align });
  doc.moveDown(0.5);
  doc
    .fillColor('#212121')
    .fontSize(16)
    .text(`${t('receipts.title')} ${receipt.number}`, { align });
  doc.moveDown();

  const rows: [string, string][] = [
    [t('receipts.number'), String(receipt.number)],
    [t('receipts.date'), formatDate(receipt.paidAt)],
    [t('receipts.organisation'), receipt.organisationName],
    [t('receipts.opportunity'), receipt.opportunityTitle],
    [t('receipts.application'), receipt.applicationCode],
    [t('receipts.applicant'), `${receipt.applicantName} <${receipt.applicantEmail}>`],
    ...(receipt.tierTitle ? [[t('receipts.tier'), receipt.tierTitle] as [string, string]] : []),
    ...(receipt.couponCode
      ? [
          [
            t('receipts.coupon'),
            t('receipts.coupon_value', {
              code: receipt.couponCode,
              percent: receipt.discountPercent,
            }),
          ] as [string, string],
        ]
      : []),
    [t('receipts.price'), money(receipt.price)],
    [t('receipts.discount'), money(receipt.discount)],
    [t('receipts.platform_fee'), money(receipt.platformFee)],
    [t('receipts.total'), money(receipt.total)],
    ...(receipt.refunded > 0
      ? [[t('receipts.refunded'), money(receipt.refunded)] as [string, string]]
      : []),
    [t('receipts.method'), t(`receipts.methods.${receipt.method}`)],
    [t('receipts.status'), status],
  ];
  doc.fontSize(11);
  for (const [label, value] of rows) {
    doc.fillColor('#616161').text(label, { align });
    doc.fillColor('#212121').text(value, { align });
    doc.moveDown(0.4);
  }
  doc.moveDown();
  doc
    .fontSize(9)
    .fillColor('#616161')
    .text(t('receipts.footer', { organisation: receipt.organisationName }), { align });
  doc.end();
  return done;
}
