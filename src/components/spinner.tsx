export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex justify-center p-6">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-brand/30 border-t-brand" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
