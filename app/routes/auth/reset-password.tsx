import { getFormProps, useForm } from "@conform-to/react";
// Staff screens share the /edit area's stylesheet (app/admin.css).
import "#app/admin.css";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { AuthFrame, FormAlert } from "#app/components/admin/auth-frame";
import { TextField } from "#app/components/ui/form-field";
import { servicesContext } from "#app/db/context";
import { PASSWORD_MIN_LENGTH } from "#app/domain/password-policy";
import { resetPasswordSchema } from "#app/domain/password-reset-forms";
import { assertSameOrigin } from "#app/services/auth.server";
import { resetPasswordWithToken, resetTokenOwner } from "#app/services/password-reset.server";

const PRIVATE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };
/** Where a successful reset goes: its own address, so the page (200) is not the link's, which is used up (404). */
const DONE_PATH = "/reset-password?done";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  if (url.searchParams.has("done")) return data({ siteName: services.env.SITE_NAME, token: null, done: true }, { headers: PRIVATE });
  const token = url.searchParams.get("token");
  const valid = (await resetTokenOwner(services, token)) !== null;
  return data({ siteName: services.env.SITE_NAME, token: valid ? token : null, done: false }, { status: valid ? 200 : 404, headers: PRIVATE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  await assertSameOrigin(request, context);
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema });
  const hidden = { hideFields: ["password", "confirm"] };
  if (submission.status !== "success") return data({ result: submission.reply(hidden), message: null }, { status: 400 });
  const outcome = await resetPasswordWithToken(services, {
    token: submission.value.token,
    newPassword: submission.value.password,
    ip: services.clientIp ?? null,
  });
  if (!outcome.ok) return data({ result: submission.reply(hidden), message: outcome.message }, { status: 410 });
  throw redirect(DONE_PATH, { headers: PRIVATE });
}

export function headers() {
  return PRIVATE;
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    defaultValue: { token: loaderData.token ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const done = loaderData.done;
  const usable = loaderData.token !== null && !done && !actionData?.message;
  const copy = done
    ? { title: "Your password has been changed", intro: "Every session of your account has been signed out. Sign in with your new password." }
    : usable
      ? {
          title: "Choose a new password",
          intro: `Use at least ${PASSWORD_MIN_LENGTH} characters; a short sentence is easy to remember and hard to guess.`,
        }
      : { title: "This link no longer works", intro: "Reset links work once and expire after a short time. Ask for a new one." };
  return (
    <AuthFrame siteName={loaderData.siteName} eyebrow="Staff account" title={copy.title} intro={copy.intro}>
      <title>{`Reset your password | ${loaderData.siteName}`}</title>
      <meta name="robots" content="noindex" />
      {actionData?.message ? <FormAlert>{actionData.message}</FormAlert> : null}
      {usable ? (
        <Form method="post" {...getFormProps(form)} className="space-y-6">
          <input type="hidden" name={fields.token.name} value={loaderData.token ?? ""} />
          <TextField label="New password" type="password" autoComplete="new-password" meta={fields.password} required />
          <TextField label="Repeat the new password" type="password" autoComplete="new-password" meta={fields.confirm} required />
          <button type="submit" className="btn-primary w-full disabled:opacity-70" disabled={submitting}>
            {submitting ? "Saving..." : "Save the new password"}
          </button>
        </Form>
      ) : (
        <Link to={done ? "/sign-in" : "/forgot-password"} className="btn-primary">
          {done ? "Go to sign-in" : "Ask for a new link"}
        </Link>
      )}
    </AuthFrame>
  );
}
