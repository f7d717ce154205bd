/** A thin gold ring; the label is for screen readers. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center py-20">
      <span aria-hidden className="h-9 w-9 animate-spin rounded-full border-2 border-linen border-t-gold-500" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
