/** A spinner with its text, announced politely while something loads. */
export function LoadingStatus({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-3 py-10 text-slate-700">
      <span
        aria-hidden
        className="size-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent motion-reduce:animate-none"
      />
      {label}
    </div>
  );
}
