import { zodResolver } from '@hookform/resolvers/zod';
import type { QueryKey } from '@tanstack/react-query';
import type { DefaultValues, FieldValues, Resolver, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod/mini';
import type { CallName } from '#src/contract/calls.ts';
import type { SentBody } from '#src/lib/api-client.ts';

/**
 * What one WriteForm does in one mode: the screen's checks, the values it starts from, the call it
 * sends them with, and what a saved form becomes. A resource's add and edit screens are one form
 * component given `addMode(…)` or `editMode(…)`.
 */
export type FormMode = {
  call: CallName;
  resolver: Resolver<FieldValues>;
  defaultValues: FieldValues;
  body: (values: FieldValues) => SentBody<CallName>;
  /** A question to answer before these values are sent (docs/design.md §7.7), or none. */
  ask: (values: FieldValues) => string | undefined;
  afterSave: (form: UseFormReturn<FieldValues>) => void;
  /** An edit screen's record, when live updates say whether someone else changed it (docs/design.md §8.3). */
  followed?: FollowedRecord;
};

/** The live event naming a record's id when it changes, and the query the screen read it with. */
export type Follows = { event: 'models' | 'users'; queryKey: QueryKey };
export type FollowedRecord = Follows & Versioned;

type ModeOf<I extends FieldValues, O, N extends CallName> = {
  call: N;
  /** The screen's own checks (src/lib/form-schemas.ts, or the contract's field where the form keeps its rule). */
  schema: z.ZodMiniType<O, I>;
  defaultValues: DefaultValues<I>;
  /** The call's body from the checked values. */
  body: (values: O) => SentBody<N>;
  ask?: (values: O) => string | undefined;
};

// The mode is checked against its schema and its call here; the form itself only passes the
// resolver's output, which is the schema's, on to `body` and `ask`.
function formMode<I extends FieldValues, O, N extends CallName>(mode: ModeOf<I, O, N>, afterSave: FormMode['afterSave']): FormMode {
  return {
    call: mode.call,
    resolver: zodResolver(mode.schema) as Resolver<FieldValues>,
    defaultValues: mode.defaultValues,
    body: mode.body as FormMode['body'],
    ask: (mode.ask ?? (() => undefined)) as FormMode['ask'],
    afterSave,
  };
}

/** An add screen: a saved form empties itself for the next record. */
export function addMode<I extends FieldValues, O, N extends CallName>(mode: ModeOf<I, O, N>): FormMode {
  return formMode(mode, (form) => form.reset());
}

/** The record an edit screen saves: its id, and the version it was read at (docs/design.md §7.6). */
type Versioned = { id: number; version: number };

/**
 * An edit screen: `body` gets the record's id and version beside the values, so a save made stale
 * by someone else's is refused. A saved form keeps what it saved (the unsaved-changes guard takes it
 * as the new start), but for the fields in `clearsOnSave`.
 */
export function editMode<I extends FieldValues, O, N extends CallName>({
  record,
  body,
  clearsOnSave = [],
  follows,
  ...mode
}: Omit<ModeOf<I, O, N>, 'body'> & {
  record: Versioned;
  body: (values: O & Versioned) => SentBody<N>;
  clearsOnSave?: (keyof I & string)[];
  /** The live event of the record's changes, for the changed-record notice. */
  follows?: Follows;
}): FormMode {
  const edit = formMode({ ...mode, body: (values) => body({ id: record.id, version: record.version, ...values }) }, (form) =>
    clearsOnSave.forEach((name) => form.resetField(name)),
  );
  return follows ? { ...edit, followed: { ...follows, id: record.id, version: record.version } } : edit;
}
