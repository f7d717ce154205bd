import { Form, useNavigation } from "react-router";

/**
 * The recovery codes, shown once (right after turning two-step sign-in on, or after making new ones). The
 * member confirms they have kept them before the page moves on; they are never shown again.
 */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const busy = useNavigation().formData?.get("intent") === "recovery-codes-saved";
  return (
    <div>
      <p className="text-sm leading-relaxed text-ink">
        If your phone is lost, each of these codes signs you in once instead of a code from the app. Keep them in your password manager or on paper,
        away from your phone. <strong className="font-medium">They will not be shown again.</strong>
      </p>
      <ol
        aria-label="Recovery codes"
        className="mt-5 grid grid-cols-2 gap-x-6 gap-y-2 border border-linen bg-white p-5 font-mono text-[0.95rem] text-forest-900 sm:grid-cols-2 sm:max-w-md"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wider">
            {code}
          </li>
        ))}
      </ol>
      <Form method="post" className="mt-6 grid gap-4">
        <input type="hidden" name="intent" value="recovery-codes-saved" />
        <label className="flex items-start gap-3 text-sm text-ink">
          <input type="checkbox" name="saved" required className="mt-0.5 h-5 w-5 accent-forest-900" />
          <span>I have saved these recovery codes somewhere safe.</span>
        </label>
        <div>
          <button type="submit" disabled={busy} className="btn-primary disabled:opacity-60">
            {busy ? "Saving..." : "Done"}
          </button>
        </div>
      </Form>
    </div>
  );
}
