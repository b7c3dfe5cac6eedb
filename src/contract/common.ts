import { z } from 'zod/mini';
import { imageMessages, sniffImage } from './images.ts';
import { idField, MAX_INT, numericStringToNumber, searchField, wholeNumber } from './fields.ts';

// Every failure's and write's answer, which the first screen reads, kept apart from the schemas.
export * from './answers.ts';

export const emptyRequest = z.object({});

export function idRequest(required = 'The id field is required.') {
  return z.object({ id: idField(required) });
}

const PAGE_NUMBER = 'The value must be a whole number of 1 or more.';
const pageNumber = (fallback: number) =>
  z.pipe(
    z.transform((v) => (v === undefined || v === null || v === '' ? fallback : numericStringToNumber(v))),
    wholeNumber(PAGE_NUMBER, PAGE_NUMBER, [1, PAGE_NUMBER], [MAX_INT, `The value may not be greater than ${MAX_INT}.`]),
  );

/** `{filters, page, per_page}`: page from 1; any positive page size ("All" sends the total). */
export function pagedRequest<F extends z.ZodMiniType<unknown, Record<string, unknown>>>(filters: F, defaultPerPage: number) {
  const filterRecord = z.record(z.string(), z.unknown(), { error: 'The filters must be an object.' });
  return z.object({
    filters: z.pipe(
      z.transform((v) => v ?? {}),
      z.pipe(filterRecord, filters),
    ),
    page: pageNumber(1),
    per_page: pageNumber(defaultPerPage),
  });
}

export const searchFilters = z.object({ search: searchField });

/** Laravel's length-aware paginator, field for field. */
export function pagedResponse<R extends z.ZodMiniType>(row: R) {
  return z.object({
    tableData: z.object({
      data: z.array(row),
      per_page: z.int(),
      from: z.nullable(z.int()),
      to: z.nullable(z.int()),
      total: z.int(),
      last_page: z.int(),
      current_page: z.int(),
      first_page_url: z.string(),
      last_page_url: z.string(),
      next_page_url: z.nullable(z.string()),
      prev_page_url: z.nullable(z.string()),
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
  return z.pipe(
    z.transform((v) => (v === null || v === '' ? undefined : v)),
    // One check for the whole value, so anything but a file gets one message under the field.
    z
      .custom<ImageUpload>(isUpload, { error: (iss) => (iss.input === undefined ? required : `The ${label} must be a file.`) })
      .check(z.refine((file) => sniffImage(file.bytes) !== null, imageMessages.notAnImage(label))),
  );
}
