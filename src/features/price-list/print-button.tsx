import { Alert } from '#src/components/alert.tsx';
import { BusyButton } from '#src/components/busy-button.tsx';
import type { usePrintSheet } from './use-print-sheet.ts';

/** Print, beside Export: busy while the sheet's stamp is asked for, and why nothing printed when it could not be made. */
export function PrintButton({ sheet }: { sheet: ReturnType<typeof usePrintSheet> }) {
  return (
    <>
      {sheet.failure && <Alert alert={sheet.failure} layout="inline" onDismiss={sheet.dismissFailure} />}
      <BusyButton busy={sheet.busy} variant="secondary" onClick={sheet.print}>
        Print
      </BusyButton>
    </>
  );
}
