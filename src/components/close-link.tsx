import { useRouter } from '@tanstack/react-router';

/** The form's close button: back to where the user came from. */
export function CloseLink() {
  const router = useRouter();
  return (
    <button
      type="button"
      onClick={() => router.history.back()}
      aria-label="Close"
      className="rounded px-2 text-xl leading-none text-slate-500 hover:bg-slate-100 hover:text-slate-800"
    >
      ×
    </button>
  );
}
