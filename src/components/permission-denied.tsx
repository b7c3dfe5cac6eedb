/** Shown in place of a screen the user's role does not reach (docs/product.md §2). */
export function PermissionDenied() {
  return (
    <div className="rounded border border-amber-300 bg-amber-50 p-6 text-amber-900">
      You didn&apos;t have permission to perform this action.
    </div>
  );
}
