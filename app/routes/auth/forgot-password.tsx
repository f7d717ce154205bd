import { getFormProps, useForm } from "@conform-to/react";
// Staff screens share the /edit area's stylesheet (app/admin.css).
import "#app/admin.css";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { AuthFrame, FormAlert } from "#app/components/admin/auth-frame";
import { TextField } from "#app/components/ui/form-field";
import { servicesContext } from "#app/db/context";
import { forgotPasswordSchema } from "#app/domain/password-reset-forms";
import { privatePageHeaders } from "#app/routes/private-headers";
import { assertSameOrigin } from "#app/services/auth.server";
import { requestPasswordReset } from "#app/services/password-reset.server";

export function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(servicesContext);
  return { siteName: env.SITE_NAME, minutes: env.PASSWORD_RESET_MINUTES };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  await assertSameOrigin(request, context);
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sentTo: null, throttled: null }, { status: 400 });
  const outcome = await requestPasswordReset(services, { email: submission.value.email, ip: services.clientIp ?? null, headers: request.headers });
  if (outcome.status === "throttled") {
    const minutes = Math.max(1, Math.ceil(outcome.retryAfterSeconds / 60));
    return data(
      { result: submission.reply(), sentTo: null, throttled: `Too many requests, try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.` },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  // The same answer whether or not the address has an account.
  return { result: submission.reply({ resetForm: true }), sentTo: submission.value.email, throttled: null };
}

export const headers = privatePageHeaders;

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const sentTo = actionData?.sentTo;
  return (
    <AuthFrame
      siteName={loaderData.siteName}
      eyebrow="Staff sign-in"
      title={sentTo ? "Check your inbox" : "Forgot your password?"}
      intro={
        sentTo
          ? `If ${sentTo} belongs to a staff account, a link to choose a new password is on its way. It works once, for ${loaderData.minutes} minutes.`
          : "Enter the e-mail address of your staff account. We will send a link to choose a new password."
      }
    >
      <title>{`Reset your password | ${loaderData.siteName}`}</title>
      <meta name="robots" content="noindex" />
      {actionData?.throttled ? <FormAlert>{actionData.throttled}</FormAlert> : null}
      {sentTo ? null : (
        <Form method="post" {...getFormProps(form)} className="space-y-6">
          <TextField label="E-mail" type="email" autoComplete="username" meta={fields.email} required />
          <button type="submit" className="btn-primary w-full disabled:opacity-70" disabled={submitting}>
            {submitting ? "Sending..." : "Send the link"}
          </button>
        </Form>
      )}
      <p className="mt-10 text-sm">
        <Link to="/sign-in" className="text-forest-900 underline underline-offset-4">
          Back to sign-in
        </Link>
      </p>
    </AuthFrame>
  );
}
