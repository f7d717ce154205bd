import { LoaderCircle } from "#app/components/ui/icons/loader-circle";

/** The send button: disabled with its "busy" label (and a spinner, if asked) while the form is sending. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  spinner = false,
  className = "",
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  spinner?: boolean;
  className?: string;
}) {
  return (
    <button
      type="submit"
      disabled={pending}
      aria-disabled={pending}
      className={`btn-primary w-full disabled:cursor-wait disabled:opacity-80 ${className}`}
    >
      {pending && spinner && <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" strokeWidth={2} />}
      {pending ? pendingLabel : label}
    </button>
  );
}
