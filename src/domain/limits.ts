// Request size limits the server enforces and the mocks copy (docs/design.md §2).

/** The largest image upload when UPLOAD_MAX_BYTES does not say: 2 MiB. */
export const DEFAULT_UPLOAD_MAX_BYTES = 2_097_152;

/** The largest JSON or text body: 1 MiB. */
export const BODY_MAX_BYTES = 1_048_576;
