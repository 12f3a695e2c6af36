import PDFDocument from 'pdfkit';
import { formatMoney } from '../orders/mail-formats.js';
import { postalLines } from '../orders/postal-lines.js';
import { formatRate } from '../tax/tax.js';
import type { DocumentSnapshot } from './invoice-snapshot.js';

const PAYMENT_METHODS: Record<string, string> = {
  accept: 'Paid at checkout',
  manual: 'Bank transfer',
  stripe: 'Card or other online payment (Stripe)',
};

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const RIGHT = A4.width - MARGIN;
const AMOUNT_WIDTH = 90;
const VAT_WIDTH = 70;

/** "26 November 2026": a date as it is printed, from the shop day stored with the document. */
const printedDate = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/**
 * The invoice or credit note as a PDF (issue 34 item 4), drawn from its stored
 * snapshot alone with pdfkit's standard fonts: the same snapshot always gives the
 * same bytes (the document's dates are the issue's, not the rendering's).
 */
export function renderDocumentPdf(doc: DocumentSnapshot): Promise<Buffer> {
  const credit = doc.kind === 'credit_note';
  const title = credit ? 'Credit note' : 'Invoice';
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `${title} ${doc.number}`,
      Author: doc.seller.name,
      Producer: doc.seller.name,
      Creator: doc.seller.name,
      CreationDate: new Date(doc.issued_at),
      ModDate: new Date(doc.issued_at),
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const money = (cents: number) => formatMoney(cents, doc.currency);
  const sign = credit ? -1 : 1;
  const included = doc.tax.mode === 'included';

  // The seller, top left; the document's particulars, top right.
  pdf.font('Helvetica-Bold').fontSize(16).text(doc.seller.name, MARGIN, MARGIN, { width: 280 });
  pdf.font('Helvetica').fontSize(9).fillColor('#444');
  for (const line of (doc.seller.address ?? '').split('\n').filter(Boolean))
    pdf.text(line, { width: 280 });
  if (doc.seller.contact_email) pdf.text(doc.seller.contact_email, { width: 280 });
  const sellerBottom = pdf.y;

  pdf.fillColor('#000').font('Helvetica-Bold').fontSize(20);
  pdf.text(title, 340, MARGIN, { width: RIGHT - 340, align: 'right' });
  pdf.moveDown(0.3).font('Helvetica').fontSize(9);
  const particulars: Array<[string, string]> = [
    [credit ? 'Credit note no.' : 'Invoice no.', doc.number],
    ['Date', printedDate(doc.issue_date)],
    ...(doc.refers_to ? [['Refers to invoice', doc.refers_to] as [string, string]] : []),
    ['Order', doc.order_number],
  ];
  for (const [label, value] of particulars) {
    const y = pdf.y;
    pdf.fillColor('#444').text(label, 340, y, { width: 100 });
    pdf.fillColor('#000').text(value, 440, y, { width: RIGHT - 440, align: 'right' });
  }

  // The buyer.
  let y = Math.max(sellerBottom, pdf.y) + 28;
  pdf.font('Helvetica-Bold').fontSize(9).fillColor('#444').text('Billed to', MARGIN, y);
  pdf.font('Helvetica').fillColor('#000').fontSize(10);
  const buyerLines = doc.buyer.address
    ? postalLines(doc.buyer.address)
    : [doc.buyer.name ?? 'Customer', 'Collected at the shop'];
  for (const line of buyerLines) pdf.text(line, { width: 260 });
  if (doc.buyer.email) pdf.fillColor('#444').fontSize(9).text(doc.buyer.email, { width: 260 });

  // The lines: one row each, the shipping as a row of its own.
  y = pdf.y + 28;
  const amountX = RIGHT - AMOUNT_WIDTH;
  const vatX = amountX - VAT_WIDTH;
  const textWidth = (included ? vatX : amountX) - MARGIN - 10;
  pdf.font('Helvetica-Bold').fontSize(9).fillColor('#444');
  pdf.text('Description', MARGIN, y, { width: textWidth });
  if (included)
    pdf.text(`VAT ${formatRate(doc.tax.rate_bp)}`, vatX, y, { width: VAT_WIDTH, align: 'right' });
  pdf.text('Amount', amountX, y, { width: AMOUNT_WIDTH, align: 'right' });
  y = pdf.y + 4;
  pdf.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(0.7).strokeColor('#999').stroke();
  y += 6;
  pdf.font('Helvetica').fontSize(10).fillColor('#000');
  const row = (description: string, gross: number, tax: number) => {
    pdf.text(description, MARGIN, y, { width: textWidth });
    const next = pdf.y;
    if (included) pdf.text(money(sign * tax), vatX, y, { width: VAT_WIDTH, align: 'right' });
    pdf.text(money(sign * gross), amountX, y, { width: AMOUNT_WIDTH, align: 'right' });
    y = Math.max(next, pdf.y) + 5;
  };
  for (const line of doc.lines) row(line.title, line.gross_cents, line.tax_cents);
  if (doc.shipping) row('Shipping', doc.shipping.gross_cents, doc.shipping.tax_cents);
  pdf.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(0.7).strokeColor('#999').stroke();
  y += 8;

  // The total, and what it contains.
  pdf.font('Helvetica-Bold').fontSize(11);
  pdf.text(credit ? 'Total credited' : 'Total', vatX - 100, y, { width: 170 });
  pdf.text(money(sign * doc.total_cents), amountX, y, { width: AMOUNT_WIDTH, align: 'right' });
  y = pdf.y + 4;
  pdf.font('Helvetica').fontSize(9).fillColor('#444');
  if (included) {
    pdf.text(`Includes VAT ${formatRate(doc.tax.rate_bp)}`, vatX - 100, y, { width: 170 });
    pdf.text(money(sign * doc.tax.tax_cents), amountX, y, { width: AMOUNT_WIDTH, align: 'right' });
    pdf.text(`Net ${money(sign * (doc.total_cents - doc.tax.tax_cents))}`, vatX - 100, pdf.y + 2, {
      width: 170,
    });
  }
  y = pdf.y + 22;
  pdf.fillColor('#000').fontSize(10);
  if (doc.tax.wording) {
    pdf.font('Helvetica-Bold').text(doc.tax.wording, MARGIN, y, { width: RIGHT - MARGIN });
    y = pdf.y + 14;
  }

  // How it was paid (or, for a credit note, that it is given back).
  pdf.font('Helvetica').fontSize(9).fillColor('#444');
  const method = PAYMENT_METHODS[doc.payment.provider] ?? doc.payment.provider;
  const payment = credit
    ? `Refunded by the way it was paid: ${method}.`
    : `Payment: ${method}${doc.payment.paid_at ? `, received ${printedDate(doc.issue_date)}` : ''}. Reference: ${doc.payment.reference}.`;
  pdf.text(payment, MARGIN, y, { width: RIGHT - MARGIN });
  if (doc.fulfilment === 'pickup')
    pdf.text('Collected at the shop; no shipping charged.', { width: RIGHT - MARGIN });

  pdf.end();
  return done;
}
