import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** Puts the server's 422 messages under the form's fields (docs/product.md §8). */
export function showFieldErrors<T extends FieldValues>(setError: UseFormSetError<T>) {
  return (errors: Record<string, string>) => {
    for (const [field, message] of Object.entries(errors)) setError(field as Path<T>, { type: 'server', message });
  };
}
