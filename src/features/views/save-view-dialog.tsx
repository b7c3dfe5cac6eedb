import { useState } from 'react';
import { Alert } from '#src/components/alert.tsx';
import { Checkbox } from '#src/components/checkbox.tsx';
import { TextField } from '#src/components/form-fields.tsx';
import type { WriteResponse } from '#src/contract/common.ts';
import { ActionDialog } from '#src/features/quotes/action-dialog.tsx';

export type ViewChoices = { name: string; shared: boolean; isDefault: boolean };

type Props = {
  /** Level 2 may share a view (docs/design.md §8.4); Sales are not offered it. */
  mayShare: boolean;
  busy: boolean;
  /** The save's failure (unreachable server, 'Sever Error'), said inside the dialog, which keeps what was typed. */
  alert: WriteResponse | null;
  onDismissAlert: () => void;
  /** The server's 422 messages by field: the name's under it, any other's above the buttons. */
  errors: Record<string, string>;
  onSave: (choices: ViewChoices) => void;
  onCancel: () => void;
};

/** 'Save view…': the list as it is now under a name, shared (level 2) and as the default if asked. */
export function SaveViewDialog({ mayShare, busy, alert, onDismissAlert, errors, onSave, onCancel }: Props) {
  const [choices, setChoices] = useState<ViewChoices>({ name: '', shared: false, isDefault: false });
  const { name: nameError, ...otherErrors } = errors;
  const other = Object.values(otherErrors);
  return (
    <ActionDialog title="Save view" confirmLabel="Save" busy={busy} onCancel={onCancel} onConfirm={() => onSave(choices)}>
      {alert && <Alert alert={alert} onDismiss={onDismissAlert} />}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSave(choices);
        }}
      >
        <TextField
          label="Name"
          name="name"
          value={choices.name}
          error={nameError}
          maxLength={255}
          onChange={(event) => setChoices({ ...choices, name: event.target.value })}
        />
        {mayShare && <Checkbox label="Shared" checked={choices.shared} onChange={(shared) => setChoices({ ...choices, shared })} />}
        <Checkbox label="Default" checked={choices.isDefault} onChange={(isDefault) => setChoices({ ...choices, isDefault })} />
        {other.length > 0 && <p className="mt-2 text-sm text-red-600">{other.join(' ')}</p>}
      </form>
    </ActionDialog>
  );
}
