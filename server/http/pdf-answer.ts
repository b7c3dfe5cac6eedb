import type { FastifyReply } from 'fastify';

export const PDF_TYPE = 'application/pdf';

/**
 * Answers a PDF (quotes/pdf, the public page's copy): as a download named `<name>.pdf` when
 * `attachment`, else shown in the browser. The name is a quote's label (letters, digits and dashes),
 * so it needs no quoting beyond the header's own.
 */
export function pdfAnswer(reply: FastifyReply, bytes: Buffer, name: string, attachment = true): FastifyReply {
  return reply
    .type(PDF_TYPE)
    .header('content-disposition', `${attachment ? 'attachment' : 'inline'}; filename="${name}.pdf"`)
    .send(bytes);
}
