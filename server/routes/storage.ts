import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/connect.ts';
import { messages } from '#src/contract/messages.ts';
import { findImage } from '#server/repositories/images.ts';

/** Content-addressed images: a path never changes meaning, so it may be cached for a year. */
export function storageRoutes(app: FastifyInstance, db: Db) {
  app.get<{ Params: { file: string } }>('/storage/:file', async (request, reply) => {
    const match = /^([0-9a-f]{64})\.(png|jpg|webp|gif)$/.exec(request.params.file);
    const image = match ? await findImage(db, match[1]!, match[2]!) : undefined;
    if (!image) return reply.code(404).send(messages.notFound);
    return reply
      .header('content-type', image.content_type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox; frame-ancestors 'none'; base-uri 'none'")
      .send(Buffer.from(image.bytes));
  });
}
