import { useState } from 'react';
import { Alert } from '#src/components/alert.tsx';
import { BusyButton } from '#src/components/busy-button.tsx';
import type { WriteResponse } from '#src/contract/common.ts';
import { downloadCall } from '#src/lib/api-client.ts';
import { failureAlert } from '#src/lib/failure-alert.ts';
import { saveFile } from '#src/lib/save-file.ts';
import { sheetRequest, type ModelsSearch } from './api.ts';

/**
 * Downloads what the list shows: the URL's filters and sort, and the columns shown (none: all the
 * role's; the server keeps Brand first and refuses a column the role does not see).
 */
export function ExportButton({ search, columns }: { search: ModelsSearch; columns: string[] | undefined }) {
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<WriteResponse | null>(null);
  const download = async () => {
    setBusy(true);
    setAlert(null);
    try {
      const { blob, fileName } = await downloadCall('models/export', { ...sheetRequest(search), columns });
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
