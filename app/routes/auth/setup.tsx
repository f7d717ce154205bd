import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/setup";
import { AuthField, AuthFrame, FormAlert } from "#app/components/admin/auth-frame";
import { servicesContext } from "#app/db/context";
import { assertSameOrigin } from "#app/services/auth.server";
import { createStaffUser, ownerExists, StaffAccountError, StaffAccountSchema } from "#app/services/auth-admin.server";
import { consumeSetupToken, isSetupTokenValid, restoreSetupToken } from "#app/services/auth-setup.server";
import { signInStaff } from "#app/services/auth-sign-in.server";

const SetupSchema = StaffAccountSchema.omit({ role: true })
  .extend({ confirm: z.string() })
  .refine((value) => value.password === value.confirm, {
    path: ["confirm"],
    error: "The two passwords differ.",
  });

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
  const { db, env, clientIp } = services;
  assertSameOrigin(request, env.siteUrl);
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;
  const values = { email: form.email ?? "", name: form.name ?? "" };
  const parsed = SetupSchema.safeParse(form);
  if (!parsed.success) return data({ values, message: null, fieldErrors: z.flattenError(parsed.error).fieldErrors }, { status: 400 });
  const token = form.token ?? "";
  // Taken atomically before the account is made, so a link can never create two administrators.
  if ((await ownerExists(db)) || !(await consumeSetupToken(db, token))) {
    return data(
      { values, message: "This set-up link has already been used or has been replaced. Restart the server for a new one.", fieldErrors: {} },
      { status: 410 },
    );
  }
  try {
    await createStaffUser(services, { ...parsed.data, role: "owner" });
  } catch (error) {
    await restoreSetupToken(db, token);
    if (error instanceof StaffAccountError) return data({ values, message: error.message, fieldErrors: {} }, { status: 400 });
    throw error;
  }
  const signedIn = await signInStaff(services, {
    email: parsed.data.email,
    password: parsed.data.password,
    clientAddress: clientIp ?? "unknown",
    requestHeaders: request.headers,
  });
  throw redirect(signedIn.ok ? "/edit" : "/sign-in", { headers: signedIn.ok ? signedIn.headers : undefined });
}

export default function Setup({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const errors: Partial<Record<"email" | "name" | "password" | "confirm", string[]>> = result?.fieldErrors ?? {};
  return (
    <AuthFrame
      siteName={loaderData.siteName}
      eyebrow="First-run set-up"
      title={loaderData.valid ? "Create the first administrator" : "This link is no longer valid"}
      intro={
        loaderData.valid
          ? "This one-time link creates the first staff account. Choose a password of at least 12 characters; a short sentence is easy to remember and hard to guess."
          : "Set-up links work once, and each server start replaces the previous one. Use the latest link from the server's start-up log, or create an account with npm run admin:create."
      }
    >
      <title>{`Set-up | ${loaderData.siteName}`}</title>
      <meta name="robots" content="noindex" />
      {result?.message ? <FormAlert>{result.message}</FormAlert> : null}
      {loaderData.valid ? (
        <Form method="post" className="space-y-6" noValidate>
          <input type="hidden" name="token" value={loaderData.token ?? ""} />
          <AuthField label="Name" name="name" autoComplete="name" required defaultValue={result?.values.name ?? ""} error={errors.name?.[0]} />
          <AuthField
            label="E-mail"
            name="email"
            type="email"
            autoComplete="username"
            required
            defaultValue={result?.values.email ?? ""}
            error={errors.email?.[0]}
          />
          <AuthField
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={12}
            error={errors.password?.[0]}
          />
          <AuthField label="Repeat password" name="confirm" type="password" autoComplete="new-password" required error={errors.confirm?.[0]} />
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
