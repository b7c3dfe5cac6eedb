import { useState } from 'react';
import { Alert } from '#src/components/alert.tsx';
import { BusyButton } from '#src/components/busy-button.tsx';
import type { WriteResponse } from '#src/contract/common.ts';
import { downloadCall } from '#src/lib/api-client.ts';
import { describeFailure } from '#src/lib/api-errors.ts';
import { saveFile } from '#src/lib/save-file.ts';
import { modelFiltersOf, type ModelsSearch } from './api.ts';

/** Downloads what the list shows: the URL's filters and sort, the role's columns (the server decides those). */
export function ExportButton({ search }: { search: ModelsSearch }) {
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<WriteResponse | null>(null);
  const download = async () => {
    setBusy(true);
    setAlert(null);
    try {
      const { blob, fileName } = await downloadCall('models/export', { filters: modelFiltersOf(search), sort: search.sort });
      saveFile(blob, fileName);
    } catch (error) {
      const failure = await describeFailure(error);
      if (failure.kind === 'alert') setAlert(failure.alert);
      if (failure.kind === 'fields') setAlert({ responseMessage: Object.values(failure.errors)[0] ?? '', responseFlag: 'danger' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {alert && <Alert alert={alert} layout="inline" onDismiss={() => setAlert(null)} />}
      <BusyButton busy={busy} variant="secondary" onClick={() => void download()}>
        Export
      </BusyButton>
    </>
  );
}
