import type { FastifyRequest } from 'fastify';
import { HttpError, InputError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { messages } from '#src/contract/messages.ts';

/**
 * How the plugin is registered (server/app.ts). throwFileSizeLimit off: left on, busboy's limit
 * event raced the read of the file; when the read had taken the last chunk before the stream was
 * marked truncated, the parts' iterator threw the library's own 413 ('request file too large')
 * instead of our 422, 4 times in 20 at one byte over (docs/design.md §8.9).
 */
export const MULTIPART_OPTIONS = { throwFileSizeLimit: false } as const;

const malformed = () => new HttpError(400, messages.invalidMultipart);

/**
 * Reads a multipart body into a plain object: text fields as strings, a file as
 * `{filename, bytes}`. A field sent twice, or a file over the size limit, is refused under
 * that field, and nothing of the request is kept.
 */
export async function readMultipart(request: FastifyRequest, maxFileBytes: number): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) return (request.body as Record<string, unknown> | undefined) ?? {};
  try {
    return await readParts(request, maxFileBytes);
  } catch (error) {
    // Busboy's own parse errors (no boundary, body cut short) carry no status: the client's fault, not a 500.
    if (error instanceof InputError || error instanceof HttpError || (error as { statusCode?: number }).statusCode) throw error;
    throw malformed();
  }
}

/** Room for the text fields and the multipart framing beside the largest file. */
const FIELDS_BYTES = 65_536;

const tooLarge = () =>
  new HttpError(413, { responseMessage: 'Request body is too large', responseFlag: 'danger' }, { connection: 'close' });

/**
 * Counts the bytes of the body as they arrive. Paused first, so that listening does not start
 * the flow before busboy is piped in (pipe resumes it).
 */
function countBytes(request: FastifyRequest): () => number {
  let received = 0;
  request.raw.pause();
  request.raw.on('data', (chunk: Buffer) => (received += chunk.length));
  return () => received;
}

/**
 * A file part's bytes, copied into room for the largest file as each chunk arrives, so each
 * chunk's copy is a piece of work of its own. Memory written for the first time costs a page
 * fault per 4 KiB here (about 3 ms a megabyte on this machine): the plugin's toBuffer, one
 * Buffer.concat of a 5 MB file, held the event loop 15 ms by itself. Room never written is
 * never resident.
 */
async function fileBytes(file: AsyncIterable<Buffer>, maxFileBytes: number): Promise<Buffer> {
  const room = Buffer.alloc(maxFileBytes);
  let length = 0;
  // busboy truncates the stream at the file size limit: every chunk fits.
  for await (const chunk of file) length += chunk.copy(room, length);
  return room.subarray(0, length);
}

async function readParts(request: FastifyRequest, maxFileBytes: number): Promise<Record<string, unknown>> {
  // The whole body, whatever its fields, is at most one file and the fields' room; a file over
  // its own limit is refused under its field (422) whatever else the body holds: its size is
  // checked before the body's, which a large file's own bytes would pass while it is read.
  const maxBodyBytes = maxFileBytes + FIELDS_BYTES;
  const received = countBytes(request);
  const body: Record<string, unknown> = {};
  const seen = new Set<string>();
  for await (const part of request.parts({ limits: { fileSize: maxFileBytes, files: 2, fields: 20, parts: 22 } })) {
    if (part.type === 'field' && received() > maxBodyBytes) throw tooLarge();
    if (seen.has(part.fieldname)) {
      if (part.type === 'file') part.file.resume();
      throw new InputError({ [part.fieldname]: [fieldMessages.fieldSentTwice] });
    }
    seen.add(part.fieldname);
    if (part.type === 'field') {
      body[part.fieldname] = part.value;
      continue;
    }
    // The plugin is registered with throwFileSizeLimit off (MULTIPART_OPTIONS): a file over its
    // limit is told by its stream, `truncated`, here.
    const bytes = await fileBytes(part.file, maxFileBytes);
    if (part.file.truncated) throw new InputError({ [part.fieldname]: [fieldMessages.fileTooLarge(maxFileBytes)] });
    if (received() > maxBodyBytes) throw tooLarge();
    // An empty file input is sent as a nameless zero-byte part: treat it as "no file chosen".
    // Some clients omit the filename parameter altogether (busboy then reports undefined).
    const filename = part.filename ?? '';
    body[part.fieldname] = filename === '' && bytes.length === 0 ? undefined : { filename, bytes };
  }
  if (received() > maxBodyBytes) throw tooLarge();
  return body;
}
