import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { TextField } from "#app/components/ui/form-field";
import { changePasswordSchema } from "#app/domain/account-forms";
import { PASSWORD_MIN_LENGTH } from "#app/domain/password-policy";
import { AccountNotice, SMALL_BUTTON, type AccountActionResult } from "./account-panel";
import { accountFormResult } from "./form-result";

/** Change password: the current one, the new one twice. Every other session ends when it is saved. */
export function ChangePasswordForm({ answer }: { answer?: AccountActionResult }) {
  const busy = useNavigation().formData?.get("intent") === "change-password";
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: accountFormResult(answer, "change-password"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid max-w-xl gap-5">
      <input type="hidden" name="intent" value="change-password" />
      <TextField label="Current password" type="password" autoComplete="current-password" meta={fields.currentPassword} required />
      <TextField
        label={`New password (at least ${PASSWORD_MIN_LENGTH} characters)`}
        type="password"
        autoComplete="new-password"
        meta={fields.password}
        required
      />
      <TextField label="Repeat the new password" type="password" autoComplete="new-password" meta={fields.confirm} required />
      <div>
        <button type="submit" disabled={busy} className={SMALL_BUTTON}>
          {busy ? "Saving..." : "Change password"}
        </button>
      </div>
      <AccountNotice answer={answer} intent="change-password" />
    </Form>
  );
}
