import { useBlocker } from '@tanstack/react-router';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '#src/components/alert.tsx';
import { BusyButton } from '#src/components/busy-button.tsx';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { SelectField, TextField } from '#src/components/form-fields.tsx';
import { ModalFrame } from '#src/components/modal-frame.tsx';
import type { PriceChangeMode } from '#src/contract/bulk-update.ts';
import type { WriteResponse } from '#src/contract/common.ts';
import { appMessages } from '#src/contract/app-messages.ts';
import { useWriteCall } from '#src/lib/use-write-call.ts';
import { modelsListKeys } from './api.ts';
import { bulkBody, isBulkFilled, noBulkChange, useBulkPreview, type BulkFields, type BulkTarget } from './bulk-edit-api.ts';
import { BulkPreviewTable } from './bulk-preview-table.tsx';

const statusOptions = [
  { value: '1', label: 'Active' },
  { value: '0', label: 'Inactive' },
];
const modeOptions: { value: PriceChangeMode; label: string }[] = [
  { value: 'percent', label: 'By percent (%)' },
  { value: 'amount', label: 'By amount (USD)' },
  { value: 'set', label: 'Set to (USD)' },
];

/** Where each field's 422 message shows; any other (no change chosen, the models) shows above the fields. */
const fieldOf: Record<string, keyof BulkFields> = {
  'set.modelIsActive': 'status',
  'set.modelMinStock': 'minStock',
  'price.mode': 'mode',
  'price.value': 'value',
};

export const bulkEditTitle = (target: BulkTarget) => ('ids' in target ? 'Edit selected' : `Edit all ${target.total} matching`);

type Props = {
  target: BulkTarget;
  onClose: () => void;
  /** Applied: the server's message ('N models updated.'). */
  onDone: (answer: WriteResponse) => void;
};

/**
 * The bulk edit of docs/design.md §8.4 (admin): the fields, 'Preview' with its table, then 'Apply',
 * which writes every model or, when any is in error, none. Closing with fields filled, or leaving
 * the page, asks first (§7.7); a changed field drops the preview, so Apply sends what was shown.
 */
export function BulkEditDialog({ target, onClose, onDone }: Props) {
  const titleId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const [fields, setFields] = useState<BulkFields>(noBulkChange);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [askingToClose, setAskingToClose] = useState(false);
  const preview = useBulkPreview(setErrors);
  const apply = useWriteCall('models/bulk-update', {
    onFieldErrors: setErrors,
    onSuccess: (_body, answer) => onDone(answer as WriteResponse),
    invalidates: [modelsListKeys.all],
  });
  const filled = isBulkFilled(fields);
  const blocker = useBlocker({ shouldBlockFn: () => true, disabled: !filled, enableBeforeUnload: filled, withResolver: true });

  const change = (patch: Partial<BulkFields>) => {
    setFields({ ...fields, ...patch });
    setErrors({});
    preview.clear();
    apply.dismissAlert();
  };
  const close = () => (filled ? setAskingToClose(true) : onClose());
  const runPreview = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    apply.dismissAlert();
    preview.run(bulkBody(target, fields, 1));
  };
  const errorOf: Partial<Record<keyof BulkFields, string>> = {};
  let general: string | undefined;
  for (const [field, message] of Object.entries(errors)) {
    const shownIn = fieldOf[field];
    if (shownIn) errorOf[shownIn] = message;
    else general ??= message;
  }
  const alert = apply.alert ?? preview.alert;

  return (
    <>
      <ModalFrame role="dialog" labelledBy={titleId} cancel={cancel} onCancel={close} className="p-5 shadow-xl" wide>
        <h2 id={titleId} className="mb-4 text-lg font-semibold">
          {bulkEditTitle(target)}
        </h2>
        {alert && <Alert alert={alert} onDismiss={() => (apply.alert ? apply.dismissAlert() : preview.dismissAlert())} />}
        {general && (
          <p role="alert" className="mb-4 text-sm text-red-600">
            {general}
          </p>
        )}
        <form noValidate onSubmit={runPreview}>
          <div className="grid gap-x-4 sm:grid-cols-2">
            <SelectField
              label="Status"
              placeholder="Leave as it is"
              options={statusOptions}
              value={fields.status}
              error={errorOf.status}
              onChange={(event) => change({ status: event.target.value as BulkFields['status'] })}
            />
            <TextField
              label="Minimum Stock"
              inputMode="numeric"
              placeholder="Leave as it is"
              value={fields.minStock}
              error={errorOf.minStock}
              onChange={(event) => change({ minStock: event.target.value })}
            />
            <SelectField
              label="Price change"
              placeholder="Leave as it is"
              options={modeOptions}
              value={fields.mode}
              error={errorOf.mode}
              onChange={(event) => change({ mode: event.target.value as BulkFields['mode'] })}
            />
            <TextField
              label="Value"
              inputMode="decimal"
              value={fields.value}
              error={errorOf.value}
              onChange={(event) => change({ value: event.target.value })}
            />
          </div>
          <div className="flex flex-wrap justify-end gap-3">
            <button ref={cancel} type="button" onClick={close} className="rounded border border-slate-300 px-4 py-2 text-sm">
              Cancel
            </button>
            <BusyButton type="submit" variant="secondary" busy={preview.busy}>
              Preview
            </BusyButton>
            {preview.preview && (
              <BusyButton busy={apply.busy} onClick={() => apply.submit(bulkBody(target, fields, 0))}>
                Apply
              </BusyButton>
            )}
          </div>
        </form>
        {preview.preview && <BulkPreviewTable preview={preview.preview} />}
      </ModalFrame>
      {(askingToClose || blocker.status === 'blocked') && (
        <ConfirmDialog
          question={appMessages.leaveUnsaved}
          confirmLabel="Leave"
          cancelLabel="Stay"
          onConfirm={() => (blocker.status === 'blocked' ? blocker.proceed() : onClose())}
          onCancel={() => (blocker.status === 'blocked' ? blocker.reset() : setAskingToClose(false))}
        />
      )}
    </>
  );
}
