import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { WriteResponse } from '#src/contract/common.ts';
import { failureAlert } from '#src/lib/failure-alert.ts';
import { sheetRequest, type ModelsSearch } from './api.ts';
import { requestStamp, type SheetStamp } from './print-stamp.ts';

/** Before the reason the stamp was not made: no sheet goes out without its stamp line. Here, not in the contract's messages, which load with the first screen. */
export const NOT_PRINTED = 'The price list was not printed.';

const isPrintKey = (event: KeyboardEvent) => (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'p';

/**
 * The models list's printing (docs/design.md §8.2): Print and Ctrl+P / Cmd+P ask for a stamp of
 * what the list shows, put its line and QR code in the sheet, and only then print. The browser
 * takes the page's layout as beforeprint returns, too soon for a call to answer, so the stamp must
 * be on the page before window.print(). A stamp that cannot be made is said, and nothing printed.
 */
export function usePrintSheet(search: ModelsSearch) {
  // The stamp belongs to the filters and sort it was made for: another choice of rows is not its sheet.
  const key = JSON.stringify(sheetRequest(search));
  const [kept, setKept] = useState<{ key: string; stamp: SheetStamp } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<WriteResponse | null>(null);
  // window.print() fires beforeprint inside it: while ours runs, that one is not the browser menu's.
  const ours = useRef(false);
  // A second press or key while a stamp is asked for does nothing, even before the busy button renders.
  const asking = useRef(false);

  const print = async () => {
    if (asking.current) return;
    asking.current = true;
    setBusy(true);
    setFailure(null);
    try {
      const stamp = await requestStamp(search);
      flushSync(() => setKept({ key, stamp }));
      ours.current = true;
      try {
        window.print();
      } finally {
        ours.current = false;
      }
    } catch (error) {
      const alert = await failureAlert(error);
      if (alert) setFailure({ ...alert, responseMessage: `${NOT_PRINTED} ${alert.responseMessage}` });
    } finally {
      asking.current = false;
      setBusy(false);
    }
  };

  // A print from the browser's menu has already taken its layout (with the last stamp of these rows,
  // or the date and rate line without one): it asks for a stamp for the next print. Its failure
  // stays in the console, as the print it would be for has not been asked for yet.
  const stampNextPrint = useEffectEvent(() => {
    if (ours.current) return;
    const forKey = key;
    requestStamp(search).then(
      (stamp) => setKept({ key: forKey, stamp }),
      (error: unknown) => console.error('Could not stamp the next print', error),
    );
  });

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (!isPrintKey(event)) return;
    // The browser's own dialog would print before any stamp could answer.
    event.preventDefault();
    void print();
  });

  useEffect(() => {
    const beforePrint = () => stampNextPrint();
    const keyDown = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('beforeprint', beforePrint);
    window.addEventListener('keydown', keyDown);
    return () => {
      window.removeEventListener('beforeprint', beforePrint);
      window.removeEventListener('keydown', keyDown);
    };
  }, []);

  return {
    print: () => void print(),
    busy,
    failure,
    dismissFailure: () => setFailure(null),
    stamp: kept?.key === key ? kept.stamp : null,
  };
}
