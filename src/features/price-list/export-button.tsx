import { useState } from 'react';
import { Alert } from '#src/components/alert.tsx';
import { BusyButton } from '#src/components/busy-button.tsx';
import type { WriteResponse } from '#src/contract/common.ts';
import { downloadCall } from '#src/lib/api-client.ts';
import { failureAlert } from '#src/lib/failure-alert.ts';
import { saveFile } from '#src/lib/save-file.ts';
import { sheetRequest, type ModelsSearch } from './api.ts';

/** Downloads what the list shows: the URL's filters and sort, the role's columns (the server decides those). */
export function ExportButton({ search }: { search: ModelsSearch }) {
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<WriteResponse | null>(null);
  const download = async () => {
    setBusy(true);
    setAlert(null);
    try {
      const { blob, fileName } = await downloadCall('models/export', sheetRequest(search));
      saveFile(blob, fileName);
    } catch (error) {
      setAlert(await failureAlert(error));
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
