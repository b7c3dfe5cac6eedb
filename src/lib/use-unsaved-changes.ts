import { useBlocker } from '@tanstack/react-router';
import { createElement, useLayoutEffect } from 'react';
import { useFormState, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { appMessages } from '#src/contract/app-messages.ts';

/**
 * docs/design.md §7.7: leaving an add or edit form whose fields were changed, by a link, the menu
 * or Back, asks first; closing the tab gets the browser's own prompt. A saved form counts as
 * unchanged: its values become the form's new starting point. Returns the dialog to render.
 */
export function useUnsavedChanges<T extends FieldValues, C, O extends FieldValues>(form: UseFormReturn<T, C, O>, write: { saved: number }) {
  const { isDirty } = useFormState({ control: form.control });
  const blocker = useBlocker({ shouldBlockFn: () => true, disabled: !isDirty, enableBeforeUnload: isDirty, withResolver: true });

  // An add form has already cleared itself (its onSuccess); an edit form keeps what it saved. Before
  // the success is painted: a reload or a click in the frame that shows it must not be asked about
  // changes just saved (a layout effect's re-render, and the guard's release with it, land first).
  const { saved } = write;
  useLayoutEffect(() => {
    if (saved > 0) form.reset(form.getValues());
  }, [saved, form]);

  return blocker.status === 'blocked'
    ? createElement(ConfirmDialog, {
        question: appMessages.leaveUnsaved,
        confirmLabel: 'Leave',
        cancelLabel: 'Stay',
        onConfirm: blocker.proceed,
        onCancel: blocker.reset,
      })
    : null;
}
