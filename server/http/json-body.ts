import type { FastifyInstance } from 'fastify';
import { parseRequestJson } from '#src/contract/json.ts';
import { messages } from '#src/contract/messages.ts';

/**
 * JSON bodies, read so that numbers keep their text (contract/json.ts). An empty body with a JSON
 * content type means "no fields", as the app's empty calls send; broken JSON is 400.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    if (text === '') return done(null, undefined);
    try {
      done(null, parseRequestJson(text as string));
    } catch {
      done(Object.assign(new Error(messages.invalidJson.responseMessage), { statusCode: 400 }), undefined);
    }
  });
}
