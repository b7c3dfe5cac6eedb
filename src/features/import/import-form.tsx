import { useState } from 'react';
import { Alert } from '#src/components/alert.tsx';
import { BusyButton } from '#src/components/busy-button.tsx';
import { TextField } from '#src/components/form-fields.tsx';
import { Spinner } from '#src/components/spinner.tsx';
import { useWriteCall } from '#src/lib/use-write-call.ts';
import { modelKeys } from '#src/features/models/api.ts';
import { importBody, readPicked, useImportPreview, type PickedFile } from './api.ts';
import { ImportPreviewTable } from './import-preview.tsx';

/**
 * The Import Models screen (docs/design.md §7.4): picking a file previews it at once; Apply sends
 * the same file, and the server writes all of it or, if any row is in error, nothing.
 */
export function ImportModelsForm() {
  const [file, setFile] = useState<PickedFile | null>(null);
  // A new key empties the file input after a successful import.
  const [inputKey, setInputKey] = useState(0);
  const preview = useImportPreview();
  const apply = useWriteCall('models/import', {
    onFieldErrors: (errors) => preview.setFileError(errors.file),
    onSuccess: () => {
      setFile(null);
      setInputKey((key) => key + 1);
      preview.clear();
    },
    invalidates: [modelKeys.all],
  });

  const pick = async (chosen: File | undefined) => {
    apply.dismissAlert();
    const picked = chosen && (await readPicked(chosen));
    setFile(picked ?? null);
    if (picked) preview.run(picked);
    else preview.clear();
  };

  return (
    <div>
      {apply.alert && <Alert alert={apply.alert} onDismiss={apply.dismissAlert} />}
      {preview.alert && <Alert alert={preview.alert} onDismiss={preview.dismissAlert} />}
      <p className="mb-4 text-sm text-slate-600">
        A CSV file (comma or semicolon) with the columns Brand, Series, Model and Price USD, and optionally Capacity-KW and Minimum Stock;
        at most 5 MB and 10,000 rows. A file exported from the models list imports as it is. Quantities are never imported.
      </p>
      <TextField
        key={inputKey}
        label="CSV File"
        type="file"
        accept=".csv,text/csv"
        error={preview.fileError}
        // Emptied on each open, so picking the same file again (fixed on disk) previews it again.
        onClick={(event) => (event.currentTarget.value = '')}
        onChange={(event) => void pick(event.currentTarget.files?.[0])}
      />
      {preview.busy && <Spinner />}
      {preview.preview && file && (
        <>
          <ImportPreviewTable preview={preview.preview} />
          <div className="mt-4">
            <BusyButton busy={apply.busy} onClick={() => apply.submit(importBody(file))}>
              Apply
            </BusyButton>
          </div>
        </>
      )}
    </div>
  );
}
