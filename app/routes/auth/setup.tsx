import { getFormProps, useForm } from "@conform-to/react";
// Staff screens share the /edit area's stylesheet (app/admin.css).
import "#app/admin.css";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/setup";
import { AuthField, AuthFrame, FormAlert } from "#app/components/admin/auth-frame";
import { servicesContext } from "#app/db/context";
import { assertSameOrigin } from "#app/services/auth.server";
import { PASSWORD_MIN_LENGTH } from "#app/domain/password-policy";
import { SECRET_FIELDS, setupSchema } from "#app/domain/staff-auth-forms";
import { createStaffUser, ownerExists, StaffAccountError } from "#app/services/auth-admin.server";
import { consumeSetupToken, isSetupTokenValid, restoreSetupToken } from "#app/services/auth-setup.server";
import { signInStaff } from "#app/services/auth-sign-in.server";
import { logSecurityEvent } from "#app/services/security-log.server";
import { resolveClientIp } from "#app/services/client-ip.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(servicesContext);
  if (await ownerExists(db)) throw redirect("/sign-in");
  const token = new URL(request.url).searchParams.get("token");
  const valid = await isSetupTokenValid(db, token);
  return data(
    { siteName: env.SITE_NAME, valid, token: valid ? token : null },
    { status: valid ? 200 : 404, headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { db, clientIp } = services;
  await assertSameOrigin(request, context);
  const submission = parseWithZod(await request.formData(), { schema: setupSchema });
  const refuse = (status: 400 | 410, formErrors?: string[]) =>
    data({ result: submission.reply({ formErrors, hideFields: SECRET_FIELDS }) }, { status, headers: { "Cache-Control": "no-store" } });
  if (submission.status !== "success") return refuse(400);
  const { token, name, email, password } = submission.value;
  const account = { name, email, password };
  // Taken atomically before the account is made, so a link can never create two administrators.
  if ((await ownerExists(db)) || !(await consumeSetupToken(db, token))) {
    return refuse(410, ["This set-up link has already been used or has been replaced. Restart the server for a new one."]);
  }
  try {
    await createStaffUser(services, { ...account, role: "owner" });
    logSecurityEvent("account-created", {
      outcome: "success",
      actor: account.email,
      ip: resolveClientIp(clientIp),
      role: "owner",
      via: "set-up link",
    });
  } catch (error) {
    await restoreSetupToken(db, token);
    if (error instanceof StaffAccountError) return refuse(400, [error.message]);
    throw error;
  }
  const signedIn = await signInStaff(services, {
    email: account.email,
    password: account.password,
    clientAddress: resolveClientIp(clientIp),
    requestHeaders: request.headers,
  });
  throw redirect(signedIn.ok ? "/edit" : "/sign-in", { headers: signedIn.ok ? signedIn.headers : undefined });
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "setup",
    lastResult: actionData?.result,
    defaultValue: { token: loaderData.token ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: setupSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <AuthFrame
      siteName={loaderData.siteName}
      eyebrow="First-run set-up"
      title={loaderData.valid ? "Create the first administrator" : "This link is no longer valid"}
      intro={
        loaderData.valid
          ? "This one-time link creates the first staff account. Choose a password of at least 12 characters; a short sentence is easy to remember and hard to guess."
          : "Set-up links work once and for an hour, and each server start replaces the previous one. Restart the server for a new link (it is printed on the terminal), or create an account with npm run admin:create."
      }
    >
      <title>{`Set-up | ${loaderData.siteName}`}</title>
      <meta name="robots" content="noindex" />
      {form.errors?.length ? <FormAlert id={form.errorId}>{form.errors[0]}</FormAlert> : null}
      {loaderData.valid ? (
        <Form method="post" {...getFormProps(form)} className="space-y-6">
          <input type="hidden" name={fields.token.name} value={loaderData.token ?? ""} />
          <AuthField label="Name" meta={fields.name} autoComplete="name" />
          <AuthField label="E-mail" meta={fields.email} type="email" autoComplete="username" />
          <AuthField
            label="Password"
            meta={fields.password}
            type="password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters, and not a common password.`}
          />
          <AuthField label="Repeat password" meta={fields.confirm} type="password" autoComplete="new-password" />
          <button type="submit" className="btn-primary w-full disabled:opacity-70" disabled={submitting}>
            {submitting ? "Creating..." : "Create account"}
          </button>
        </Form>
      ) : (
        <Link to="/sign-in" className="btn-primary">
          Go to sign-in
        </Link>
      )}
    </AuthFrame>
  );
}
