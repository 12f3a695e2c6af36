import type { App, AppContext } from '../../context.js';
import { requireCustomer, signedInCustomer } from '../../http/customer-guard.js';
import { errors, IdParams } from '../../http/schemas.js';
import { invoicesService } from './invoices.service.js';

const Pdf = {
  description: 'The invoice as a PDF (application/pdf), drawn from the invoice as issued',
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
};

const pdfReply = (
  reply: { type(value: string): unknown; header(name: string, value: string): unknown },
  document: { number: string; pdf: Buffer },
) => {
  reply.type('application/pdf');
  reply.header('Content-Disposition', `inline; filename="${document.number}.pdf"`);
  // An invoice never changes, but it is the buyer's own: kept by their browser only.
  reply.header('Cache-Control', 'private, max-age=3600');
  return document.pdf;
};

/** GET /api/customers/me/orders/:id/invoice.pdf (issue 34 item 4). */
export function customerInvoiceRoutes(app: App, ctx: AppContext): void {
  const invoices = invoicesService(ctx);
  app.get(
    '/api/customers/me/orders/:id/invoice.pdf',
    {
      schema: {
        tags: ['orders'],
        security: [{ customerSession: [] }],
        summary: 'The invoice of one of the caller’s orders; 404 before it is paid',
        params: IdParams,
        response: { 200: Pdf, ...errors(400, 401, 404) },
      },
      onRequest: requireCustomer,
    },
    async (request, reply) =>
      pdfReply(
        reply,
        await invoices.invoicePdf(ctx.db, request.params.id, signedInCustomer(request).id),
      ),
  );
}

/** GET /api/admin/orders/:id/invoice.pdf, inside the admin guard (issue 34 item 4). */
export function adminInvoiceRoutes(app: App, ctx: AppContext): void {
  const invoices = invoicesService(ctx);
  app.get(
    '/orders/:id/invoice.pdf',
    {
      schema: {
        tags: ['admin'],
        summary: 'An order’s invoice; 404 before it is paid',
        params: IdParams,
        response: { 200: Pdf, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) =>
      pdfReply(reply, await invoices.invoicePdf(ctx.db, request.params.id, null)),
  );
}
