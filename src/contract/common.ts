import { z } from 'zod';
import { imageMessages, sniffImage } from './images.ts';
import { idField, MAX_INT, numericStringToNumber, searchField } from './fields.ts';

// Every failure's and write's answer, which the first screen reads, kept apart from the schemas.
export * from './answers.ts';

export const emptyRequest = z.object({});

export function idRequest(required = 'The id field is required.') {
  return z.object({ id: idField(required) });
}

const pageNumber = (fallback: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? fallback : numericStringToNumber(v)),
    z
      .number({ error: 'The value must be a whole number of 1 or more.' })
      .int('The value must be a whole number of 1 or more.')
      .min(1, 'The value must be a whole number of 1 or more.')
      .max(MAX_INT, `The value may not be greater than ${MAX_INT}.`),
  );

/** `{filters, page, per_page}`: page from 1; any positive page size ("All" sends the total). */
export function pagedRequest<F extends z.ZodType<unknown, Record<string, unknown>>>(filters: F, defaultPerPage: number) {
  return z.object({
    filters: z.preprocess((v) => v ?? {}, z.record(z.string(), z.unknown(), { error: 'The filters must be an object.' }).pipe(filters)),
    page: pageNumber(1),
    per_page: pageNumber(defaultPerPage),
  });
}

export const searchFilters = z.object({ search: searchField });

/** Laravel's length-aware paginator, field for field. */
export function pagedResponse<R extends z.ZodType>(row: R) {
  return z.object({
    tableData: z.object({
      data: z.array(row),
      per_page: z.number().int(),
      from: z.number().int().nullable(),
      to: z.number().int().nullable(),
      total: z.number().int(),
      last_page: z.number().int(),
      current_page: z.number().int(),
      first_page_url: z.string(),
      last_page_url: z.string(),
      next_page_url: z.string().nullable(),
      prev_page_url: z.string().nullable(),
      path: z.string(),
    }),
  });
}
export type TableData<Row> = {
  data: Row[];
  per_page: number;
  from: number | null;
  to: number | null;
  total: number;
  last_page: number;
  current_page: number;
  first_page_url: string;
  last_page_url: string;
  next_page_url: string | null;
  prev_page_url: string | null;
  path: string;
};

export const activeFlag = z.union([z.literal(0), z.literal(1)]);

export type ImageUpload = { filename: string; bytes: Uint8Array };

function isUpload(value: unknown): value is ImageUpload {
  const candidate = value as Partial<ImageUpload> | null;
  return (
    typeof candidate === 'object' && candidate !== null && typeof candidate.filename === 'string' && candidate.bytes instanceof Uint8Array
  );
}

/** An uploaded image as both sides hold it: the server from multipart, the mocks from FormData. */
export function imageUpload(required: string, label: string) {
  return z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    // One check for the whole value, so anything but a file gets one message under the field.
    z
      .custom<ImageUpload>(isUpload, { error: (iss) => (iss.input === undefined ? required : `The ${label} must be a file.`) })
      .refine((file) => sniffImage(file.bytes) !== null, imageMessages.notAnImage(label)),
  );
}
