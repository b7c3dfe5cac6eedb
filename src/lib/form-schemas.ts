import { z } from 'zod/mini';

// The screens' own checks (docs/product.md §5: "not empty" unless stated); the server checks the rest
// with the contract and its messages come back under the same fields.

export const required = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

/** A password: kept exactly as typed (never trimmed); only a blank one counts as not entered. */
export const requiredAsTyped = (message: string) => z.string().check(z.refine((value) => value.trim() !== '', message));

/** A select whose empty option means "not chosen". */
export const requiredChoice = (message: string) => z.string().check(z.minLength(1, message));

/** A file input: the add forms require a file, the edit forms keep the old image when empty. */
export const requiredFile = (message: string) => z.custom<FileList>((value) => value instanceof FileList && value.length > 0, { message });
export const optionalFile = z.custom<FileList | undefined>((value) => value === undefined || value instanceof FileList);
