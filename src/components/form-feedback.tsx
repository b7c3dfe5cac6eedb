import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { WriteResponse } from '#src/contract/common.ts';
import { useUnsavedChanges } from '#src/lib/use-unsaved-changes.ts';
import { Alert } from './alert.tsx';

type Write = { saved: number; alert: WriteResponse | null; dismissAlert: () => void };

/**
 * What every add and edit form shows above its fields: the question before leaving it changed
 * (docs/design.md §7.7) and the alert of the last answer (docs/product.md §8).
 */
export function FormFeedback<T extends FieldValues, C, O extends FieldValues>({
  form,
  write,
}: {
  form: UseFormReturn<T, C, O>;
  write: Write;
}) {
  const leave = useUnsavedChanges(form, write);
  return (
    <>
      {leave}
      {write.alert && <Alert alert={write.alert} onDismiss={write.dismissAlert} />}
    </>
  );
}
