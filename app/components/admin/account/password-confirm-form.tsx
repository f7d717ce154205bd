import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { TextField } from "#app/components/ui/form-field";
import { confirmPasswordSchema, type AccountIntent } from "#app/domain/account-forms";
import { SMALL_BUTTON, type AccountActionResult } from "./account-panel";
import { accountFormResult } from "./form-result";

/**
 * A two-step sign-in change that asks for the password again (start, turn off, new recovery codes): one small
 * form per intent, so each keeps its own error under its own password field.
 */
export function PasswordConfirmForm({
  intent,
  answer,
  label,
  busyLabel,
  primary = false,
}: {
  intent: AccountIntent;
  answer?: AccountActionResult;
  label: string;
  busyLabel: string;
  primary?: boolean;
}) {
  const busy = useNavigation().formData?.get("intent") === intent;
  const [form, fields] = useForm({
    id: intent,
    lastResult: accountFormResult(answer, intent),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: confirmPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid max-w-md gap-4">
      <input type="hidden" name="intent" value={intent} />
      <TextField label="Your password" type="password" autoComplete="current-password" meta={fields.currentPassword} required />
      <div>
        <button type="submit" disabled={busy} className={primary ? "btn-primary disabled:opacity-60" : SMALL_BUTTON}>
          {busy ? busyLabel : label}
        </button>
      </div>
    </Form>
  );
}
