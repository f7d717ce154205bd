import { getFormProps, useForm } from "@conform-to/react";
// Staff screens share the /edit area's stylesheet (app/admin.css).
import "#app/admin.css";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/sign-in";
import { AuthField, AuthFrame, FormAlert } from "#app/components/admin/auth-frame";
import { servicesContext } from "#app/db/context";
import { SECRET_FIELDS, signInSchema } from "#app/domain/staff-auth-forms";
import { privatePageHeaders } from "#app/routes/private-headers";
import { assertSameOrigin, getSessionUser } from "#app/services/auth.server";
import { signInStaff } from "#app/services/auth-sign-in.server";
import { resolveClientIp } from "#app/services/client-ip.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  if (user) throw redirect("/edit");
  return { siteName: context.get(servicesContext).env.SITE_NAME };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  await assertSameOrigin(request, context);
  const submission = parseWithZod(await request.formData(), { schema: signInSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 400 });
  const outcome = await signInStaff(services, {
    ...submission.value,
    clientAddress: resolveClientIp(services.clientIp),
    requestHeaders: request.headers,
  });
  // With two-step sign-in on, the headers carry the challenge cookie (no session yet) for the second step.
  if (outcome.ok) throw redirect(outcome.twoFactor ? "/sign-in/two-factor" : "/edit", { headers: outcome.headers });
  const result = submission.reply({ formErrors: [outcome.message], hideFields: SECRET_FIELDS });
  if (outcome.status === 429) return data({ result }, { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } });
  return data({ result }, { status: outcome.status });
}

export const headers = privatePageHeaders;

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "sign-in",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <AuthFrame
      siteName={loaderData.siteName}
      eyebrow="Staff sign-in"
      title="Welcome back"
      intro="Sign in with your staff e-mail address and password to manage the site's media and content."
    >
      <title>{`Sign in | ${loaderData.siteName}`}</title>
      <meta name="robots" content="noindex" />
      {form.errors?.length ? <FormAlert id={form.errorId}>{form.errors[0]}</FormAlert> : null}
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <AuthField label="E-mail" meta={fields.email} type="email" autoComplete="username" />
        <AuthField label="Password" meta={fields.password} type="password" autoComplete="current-password" />
        <button type="submit" className="btn-primary w-full disabled:opacity-70" disabled={submitting}>
          {submitting ? "Signing in..." : "Sign in"}
        </button>
      </Form>
      <p className="mt-6 text-sm">
        <Link to="/forgot-password" className="text-forest-900 underline underline-offset-4">
          Forgot your password?
        </Link>
      </p>
      <p className="mt-10 text-xs leading-relaxed text-stone">
        No account yet? An operator creates the first one with <code className="text-forest-900">npm run admin:create</code> or the set-up link
        printed when the server starts.
      </p>
    </AuthFrame>
  );
}
