import { HttpError, InputError } from '#src/contract/errors.ts';
import { parseRequestJson } from '#src/contract/json.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { messages } from '#src/contract/messages.ts';
import { BODY_MAX_BYTES, DEFAULT_UPLOAD_MAX_BYTES } from '#src/domain/limits.ts';

const refuse = (status: number, responseMessage: string) => new HttpError(status, { responseMessage, responseFlag: 'danger' });

const mediaType = (request: Request) => (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

export const isForm = (request: Request): boolean => mediaType(request) === 'multipart/form-data';

/**
 * A non-multipart body as the server's content-type parsers leave it, which run before any
 * access check: any type but JSON or text is 415, a body over the limit 413, JSON parsed (an
 * empty body is none; broken JSON is 400), text/plain as a string.
 */
export async function readParsedBody(request: Request): Promise<unknown> {
  const type = mediaType(request);
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (type === '' && bytes.length === 0) return undefined;
  if (type !== 'application/json' && type !== 'text/plain') throw refuse(415, 'Unsupported Media Type');
  if (bytes.length > BODY_MAX_BYTES) throw refuse(413, 'Request body is too large');
  const text = new TextDecoder().decode(bytes);
  if (type === 'text/plain') return text;
  if (text === '') return undefined;
  try {
    return parseRequestJson(text);
  } catch {
    throw new HttpError(400, messages.invalidJson);
  }
}

/**
 * A multipart body as `{field: string | {filename, bytes}}`, like server/http/multipart.ts: a
 * field sent twice or a file over the limit is refused under that field; an empty file input
 * (a nameless, zero-byte part) counts as "no file chosen"; a body that is not multipart at all
 * (no boundary, cut short) is 400.
 */
export async function readForm(request: Request, maxFileBytes = DEFAULT_UPLOAD_MAX_BYTES): Promise<Record<string, unknown>> {
  const form = await request.formData().catch(() => {
    throw new HttpError(400, messages.invalidMultipart);
  });
  const body: Record<string, unknown> = {};
  const seen = new Set<string>();
  for (const [field, value] of form.entries()) {
    if (seen.has(field)) throw new InputError({ [field]: [fieldMessages.fieldSentTwice] });
    seen.add(field);
    if (typeof value === 'string') {
      body[field] = value;
      continue;
    }
    if (value.size > maxFileBytes) {
      throw new InputError({ [field]: [fieldMessages.fileTooLarge(maxFileBytes)] });
    }
    const bytes = new Uint8Array(await value.arrayBuffer());
    body[field] = value.name === '' && bytes.length === 0 ? undefined : { filename: value.name, bytes };
  }
  return body;
}
