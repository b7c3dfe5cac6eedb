import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { WriteResponse } from '#src/contract/common.ts';
import type { ImportPreview } from '#src/contract/import.ts';
import { callApi } from '#src/lib/api-client.ts';
import { describeFailure } from '#src/lib/api-errors.ts';

/**
 * The picked file's bytes, read once: Apply sends exactly what was previewed, even if the file on
 * disk has changed since.
 */
export type PickedFile = { name: string; bytes: Uint8Array<ArrayBuffer> };

export const readPicked = async (file: File): Promise<PickedFile> => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });

/** The file as both import calls take it. */
export function importBody({ name, bytes }: PickedFile): FormData {
  const data = new FormData();
  data.append('file', new Blob([bytes], { type: 'text/csv' }), name);
  return data;
}

/**
 * models/import-preview for the picked file: the preview, or the file's own error (a 422 under
 * `file`) to show under the picker, or an alert for anything else (docs/product.md §8).
 */
export function useImportPreview() {
  const [fileError, setFileError] = useState<string>();
  const [alert, setAlert] = useState<WriteResponse | null>(null);
  const mutation = useMutation({
    mutationFn: (file: PickedFile) => callApi('models/import-preview', importBody(file)),
    onMutate: () => {
      setFileError(undefined);
      setAlert(null);
    },
    onError: async (error) => {
      const failure = await describeFailure(error);
      if (failure.kind === 'fields') setFileError(failure.errors.file ?? Object.values(failure.errors)[0]);
      if (failure.kind === 'alert') setAlert(failure.alert);
    },
  });
  return {
    preview: mutation.data?.preview as ImportPreview | undefined,
    busy: mutation.isPending,
    fileError,
    setFileError,
    alert,
    dismissAlert: () => setAlert(null),
    run: (file: PickedFile) => mutation.mutate(file),
    clear: () => mutation.reset(),
  };
}
