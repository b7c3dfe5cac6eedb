import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Alert } from '#src/components/alert.tsx';
import { Checkbox } from '#src/components/checkbox.tsx';
import { BusyButton } from '#src/components/busy-button.tsx';
import type { WriteResponse } from '#src/contract/common.ts';
import { lostReasons, type LostReason, type Quote } from '#src/contract/quotes.ts';
import { allows, mayKeepRate, mayMoveStock } from '#src/domain/quotes.ts';
import type { SessionUser } from '#src/domain/roles.ts';
import { downloadCall } from '#src/lib/api-client.ts';
import { describeFailure } from '#src/lib/api-errors.ts';
import { saveFile } from '#src/lib/save-file.ts';
import { useWriteCall } from '#src/lib/use-write-call.ts';
import { ActionDialog } from './action-dialog.tsx';
import { quoteKeys } from './api.ts';
import { canShareFiles, shareText, whatsAppLink } from './share.ts';

type Props = {
  quote: Quote;
  user: SessionUser;
  onEdit: () => void;
  /** A 422's messages by field, for the page to show where they belong (a line's stock, the status). */
  onFieldErrors: (errors: Record<string, string>) => void;
};

type Dialog = 'win' | 'lose' | 'cancel' | 'revise' | null;
const buttonClass = 'rounded border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50';

/** Every action the quote's status and the user's role allow (src/domain/quotes.ts), each with its busy state and answer. */
export function QuoteActions({ quote, user, onEdit, onFieldErrors }: Props) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [stockOut, setStockOut] = useState(false);
  const [keepRate, setKeepRate] = useState(false);
  const [reason, setReason] = useState<LostReason | ''>('');
  const [reasonNote, setReasonNote] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [note, setNote] = useState<WriteResponse | null>(null);
  const [fileBusy, setFileBusy] = useState(false);
  const invalidates = [quoteKeys.all];
  const closing = { invalidates, onSuccess: () => setDialog(null), onFieldErrors };
  const send = useWriteCall('quotes/send', { invalidates, onFieldErrors });
  const win = useWriteCall('quotes/win', closing);
  const cancel = useWriteCall('quotes/cancel', closing);
  const lose = useWriteCall('quotes/lose', {
    ...closing,
    onFieldErrors: (errors) => {
      setReasonError(errors.reason ?? errors.reasonNote);
      onFieldErrors(errors);
    },
  });
  const revise = useWriteCall('quotes/revise', {
    invalidates,
    onFieldErrors,
    onSuccess: (_body, answer) => {
      setDialog(null);
      void navigate({ to: '/quotes/$id', params: { id: answer.id } });
    },
  });
  const version = { id: quote.id, version: quote.version };
  // The component outlives a change of the quote (its answer stays on screen), so each dialog starts blank.
  const open = (next: Exclude<Dialog, null>) => {
    setStockOut(false);
    setKeepRate(false);
    setReason('');
    setReasonNote('');
    setReasonError(undefined);
    setDialog(next);
  };
  const may = (action: Parameters<typeof allows>[0]) => allows(action, quote.status, user);

  const fileFailure = async (error: unknown) => {
    const failure = await describeFailure(error);
    if (failure.kind === 'alert') setNote(failure.alert);
  };
  const pdf = async () => {
    setFileBusy(true);
    setNote(null);
    try {
      const { blob, fileName } = await downloadCall('quotes/pdf', { id: quote.id });
      saveFile(blob, fileName);
    } catch (error) {
      await fileFailure(error);
    } finally {
      setFileBusy(false);
    }
  };
  const share = async () => {
    setNote(null);
    // Asked before any await: the fallback opens a window, which browsers allow only straight from the click.
    if (!canShareFiles()) {
      window.open(whatsAppLink(quote), '_blank', 'noopener');
      return;
    }
    setFileBusy(true);
    try {
      const { blob, fileName } = await downloadCall('quotes/pdf', { id: quote.id });
      await navigator.share({
        files: [new File([blob], fileName, { type: 'application/pdf' })],
        title: quote.label,
        text: shareText(quote),
      });
    } catch (error) {
      // Closing the share sheet is no failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) await fileFailure(error);
    } finally {
      setFileBusy(false);
    }
  };
  const copyLink = async () => {
    setNote(null);
    try {
      await navigator.clipboard.writeText(quote.shareUrl ?? '');
      setNote({ responseMessage: 'Link copied.', responseFlag: 'success' });
    } catch {
      setNote({ responseMessage: 'The link could not be copied.', responseFlag: 'danger' });
    }
  };

  const alerts = [send, win, cancel, lose, revise].flatMap((write) => (write.alert ? [write] : []));
  return (
    <>
      {alerts.map((write) => (
        <Alert key={write.alert!.responseMessage} alert={write.alert!} onDismiss={write.dismissAlert} />
      ))}
      {note && <Alert alert={note} layout="inline" onDismiss={() => setNote(null)} />}
      <div role="group" aria-label="Actions" className="my-4 flex flex-wrap gap-2 print:hidden">
        {may('update') && (
          <button type="button" className={buttonClass} onClick={onEdit}>
            Edit
          </button>
        )}
        {may('send') && (
          <BusyButton busy={send.busy} onClick={() => send.submit(version)}>
            Send
          </BusyButton>
        )}
        <BusyButton busy={fileBusy} variant="secondary" onClick={() => void pdf()}>
          PDF
        </BusyButton>
        {quote.shareUrl && (
          <>
            <BusyButton busy={fileBusy} variant="secondary" onClick={() => void share()}>
              Share
            </BusyButton>
            <button type="button" className={buttonClass} onClick={() => void copyLink()}>
              Copy link
            </button>
          </>
        )}
        {may('revise') && (
          <button type="button" className={buttonClass} onClick={() => open('revise')}>
            Revise
          </button>
        )}
        {may('win') && (
          <button type="button" className={buttonClass} onClick={() => open('win')}>
            Won
          </button>
        )}
        {may('lose') && (
          <button type="button" className={buttonClass} onClick={() => open('lose')}>
            Lost
          </button>
        )}
        {may('cancel') && (
          <button type="button" className={buttonClass} onClick={() => open('cancel')}>
            Cancel
          </button>
        )}
      </div>
      {dialog === 'revise' && (
        <ActionDialog
          title={`Revise ${quote.label}?`}
          confirmLabel="Revise"
          busy={revise.busy}
          onCancel={() => setDialog(null)}
          onConfirm={() => revise.submit({ id: quote.id, ...(keepRate && { keepRate: 1 }) })}
        >
          {mayKeepRate(user) && quote.status !== 'expired' && quote.rate.fixed && (
            <Checkbox label="Keep the rate" checked={keepRate} onChange={setKeepRate} />
          )}
        </ActionDialog>
      )}
      {dialog === 'win' && (
        <ActionDialog
          title={`Mark ${quote.label} as won?`}
          confirmLabel="Won"
          busy={win.busy}
          onCancel={() => setDialog(null)}
          onConfirm={() => win.submit({ ...version, ...(stockOut && { stockOut: 1 }) })}
        >
          {mayMoveStock(user) && <Checkbox label="Take the models out of stock" checked={stockOut} onChange={setStockOut} />}
        </ActionDialog>
      )}
      {dialog === 'lose' && (
        <ActionDialog
          title={`Mark ${quote.label} as lost?`}
          confirmLabel="Lost"
          busy={lose.busy}
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            setReasonError(undefined);
            lose.submit({ ...version, reason: reason as LostReason, ...(reasonNote.trim() && { reasonNote }) });
          }}
        >
          <label htmlFor="lost-reason" className="mb-1 block text-sm font-medium">
            Reason
          </label>
          <select
            id="lost-reason"
            value={reason}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? 'lost-reason-error' : undefined}
            onChange={(event) => setReason(event.target.value as LostReason)}
            className="mb-1 block w-full rounded border border-slate-300 px-3 py-2 text-sm"
          >
            <option value="">Select reason</option>
            {lostReasons.map((option) => (
              <option key={option}>{option}</option>
            ))}
          </select>
          {reasonError && (
            <p id="lost-reason-error" className="mb-2 text-sm text-red-600">
              {reasonError}
            </p>
          )}
          <label htmlFor="lost-note" className="mb-1 mt-3 block text-sm font-medium">
            Note
          </label>
          <textarea
            id="lost-note"
            rows={3}
            value={reasonNote}
            onChange={(event) => setReasonNote(event.target.value)}
            className="block w-full rounded border border-slate-300 px-3 py-2 text-sm"
          />
        </ActionDialog>
      )}
      {dialog === 'cancel' && (
        <ActionDialog
          title={`Cancel ${quote.label}?`}
          confirmLabel="Cancel quote"
          busy={cancel.busy}
          onCancel={() => setDialog(null)}
          onConfirm={() => cancel.submit(version)}
        />
      )}
    </>
  );
}
