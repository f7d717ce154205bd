import { getFormProps, useForm } from "@conform-to/react";
// Staff screens share the /edit area's stylesheet (app/admin.css).
import "#app/admin.css";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/sign-in-two-factor";
import { AuthField, AuthFrame, FormAlert } from "#app/components/admin/auth-frame";
import { servicesContext } from "#app/db/context";
import { secondStepMethod, secondStepSchema } from "#app/domain/two-factor-codes";
import { privatePageHeaders } from "#app/routes/private-headers";
import { assertSameOrigin, getSessionUser } from "#app/services/auth.server";
import { hasSignInChallenge, verifySignInCode } from "#app/services/auth-sign-in-code.server";
import { resolveClientIp } from "#app/services/client-ip.server";

/**
 * The second step of a staff sign-in (docs/decisions/0020): reached only from /sign-in with the challenge cookie
 * its password step left. A code from the authenticator app, or (?method=recovery) one of the recovery codes.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getSessionUser(request, context)) throw redirect("/edit");
  if (!hasSignInChallenge(request.headers)) throw redirect("/sign-in");
  const method = secondStepMethod(new URL(request.url).searchParams.get("method"));
  return { siteName: context.get(servicesContext).env.SITE_NAME, method };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  await assertSameOrigin(request, context);
  const form = await request.formData();
  // The kind of code is the page's hidden field: a post without it (or with another value) is read as the page reads
  // an address without ?method, so a wrong post gets the form's own message, never the schema's wording about it.
  const method = form.get("method");
  form.set("method", secondStepMethod(typeof method === "string" ? method : null));
  const submission = parseWithZod(form, { schema: secondStepSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["code"] }), restart: false }, { status: 400 });
  const outcome = await verifySignInCode(services, {
    ...submission.value,
    clientAddress: resolveClientIp(services.clientIp),
    requestHeaders: request.headers,
  });
  if (outcome.ok) throw redirect("/edit", { headers: outcome.headers });
  const result = submission.reply({ formErrors: [outcome.message], hideFields: ["code"] });
  if (outcome.status === 429) return data({ result, restart: false }, { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } });
  return data({ result, restart: outcome.restart }, { status: outcome.status, headers: outcome.headers });
}

export const headers = privatePageHeaders;

export default function SignInTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  const { method } = loaderData;
  const [form, fields] = useForm({
    id: `sign-in-${method}`,
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: secondStepSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const recovery = method === "recovery";
  return (
    <AuthFrame
      siteName={loaderData.siteName}
      eyebrow="Staff sign-in · step 2 of 2"
      title={recovery ? "Use a recovery code" : "Enter your code"}
      intro={
        recovery
          ? "Enter one of the recovery codes you saved when you set up two-step sign-in. Each code works once."
          : "Open the authenticator app on your phone and enter the 6-digit code it shows for this site."
      }
    >
      <title>{`Two-step sign-in | ${loaderData.siteName}`}</title>
      <meta name="robots" content="noindex" />
      {form.errors?.length ? <FormAlert id={form.errorId}>{form.errors[0]}</FormAlert> : null}
      {actionData?.restart ? (
        <Link to="/sign-in" className="btn-primary w-full">
          Sign in again
        </Link>
      ) : (
        <>
          <Form method="post" {...getFormProps(form)} className="space-y-6">
            <input type="hidden" name="method" value={method} />
            {recovery ? (
              <AuthField
                label="Recovery code"
                meta={fields.code}
                autoComplete="off"
                spellCheck={false}
                autoCapitalize="off"
                hint="For example Ab3dE-fG7hJ"
              />
            ) : (
              <AuthField label="6-digit code" meta={fields.code} autoComplete="one-time-code" inputMode="numeric" autoFocus />
            )}
            <button type="submit" className="btn-primary w-full disabled:opacity-70" disabled={submitting}>
              {submitting ? "Checking..." : "Sign in"}
            </button>
          </Form>
          <p className="mt-6 text-sm">
            <Link
              to={recovery ? "/sign-in/two-factor" : "/sign-in/two-factor?method=recovery"}
              className="text-forest-900 underline underline-offset-4"
            >
              {recovery ? "Use a code from the app instead" : "Lost your phone? Use a recovery code"}
            </Link>
          </p>
        </>
      )}
      <p className="mt-10 text-xs leading-relaxed text-stone">
        No phone and no recovery code? Ask the site's operator to turn two-step sign-in off for your account (
        <code className="text-forest-900">npm run admin:two-factor-off</code>).{" "}
        <Link to="/sign-in" className="text-forest-900 underline underline-offset-4">
          Back to sign-in
        </Link>
      </p>
    </AuthFrame>
  );
}
