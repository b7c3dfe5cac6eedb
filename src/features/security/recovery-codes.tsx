/**
 * The ten recovery codes, shown this once (the server keeps only their hashes): each signs in once
 * in place of a code, for the day the phone is lost.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="max-w-md">
      <p role="status" className="mb-4 rounded border border-emerald-300 bg-emerald-50 px-4 py-3 text-emerald-900">
        Two-factor sign-in is on.
      </p>
      <h3 className="mb-2 font-semibold">Recovery codes</h3>
      <p className="mb-3 text-sm text-slate-700">
        Keep these codes somewhere safe, apart from your phone. Each one signs you in once if you lose your authenticator app. They will not
        be shown again.
      </p>
      <ul aria-label="Recovery codes" className="mb-4 grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <button type="button" onClick={onDone} className="rounded bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-dark">
        I have kept them
      </button>
    </div>
  );
}
