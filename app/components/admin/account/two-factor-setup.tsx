import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { TextField } from "#app/components/ui/form-field";
import { totpCodeSchema } from "#app/domain/account-forms";
import { SMALL_BUTTON, type AccountActionResult } from "./account-panel";
import { accountFormResult } from "./form-result";

/** The secret in groups of four, as authenticator apps print it, so it can be typed without losing one's place. */
function grouped(secret: string) {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

/**
 * Step two of turning two-step sign-in on: scan the QR code (or type the secret), then enter the code the app
 * shows. Nothing changes for sign-in until that code has been accepted.
 */
export function TwoFactorSetup({ setup, answer }: { setup: NonNullable<AccountActionResult["setup"]>; answer?: AccountActionResult }) {
  const busy = useNavigation().formData?.get("intent") === "two-factor-confirm";
  const [form, fields] = useForm({
    id: "two-factor-confirm",
    lastResult: accountFormResult(answer, "two-factor-confirm"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: totpCodeSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="grid gap-8 md:grid-cols-[12rem_minmax(0,1fr)] md:items-start">
      <figure className="mx-auto w-48 border border-linen bg-white p-2 md:mx-0">
        <img src={setup.qrDataUrl} width={176} height={176} alt="QR code for your authenticator app" className="block h-44 w-44" />
      </figure>
      <div>
        <ol className="list-decimal space-y-3 pl-5 text-sm leading-relaxed text-ink marker:text-stone">
          <li>Open an authenticator app on your phone (for example 1Password, Google Authenticator or Microsoft Authenticator).</li>
          <li>
            <label htmlFor="two-factor-key">Scan the QR code, or add an account by hand with this key:</label>
            {/* A read-only text area rather than an input, so the whole key wraps and shows on a phone too. */}
            <textarea
              id="two-factor-key"
              readOnly
              rows={2}
              value={grouped(setup.secret)}
              spellCheck={false}
              className="field-sizing-content mt-3 block w-full resize-none border border-linen bg-ivory px-4 py-3 font-mono text-sm tracking-wider text-forest-900 focus:border-forest-700 focus-visible:outline-2"
            />
          </li>
          <li>Enter the 6-digit code the app shows now. Two-step sign-in starts only once this code is accepted.</li>
        </ol>
        <Form method="post" {...getFormProps(form)} className="mt-5 grid max-w-xs gap-4">
          <input type="hidden" name="intent" value="two-factor-confirm" />
          <input type="hidden" name="totpUri" value={setup.totpUri} />
          <TextField label="Code from the app" autoComplete="one-time-code" inputMode="numeric" meta={fields.code} required />
          <div className="flex flex-wrap items-center gap-4">
            <button type="submit" disabled={busy} className="btn-primary disabled:opacity-60">
              {busy ? "Checking..." : "Turn on"}
            </button>
            <Link to="/edit/account" className={SMALL_BUTTON}>
              Cancel
            </Link>
          </div>
        </Form>
      </div>
    </div>
  );
}
