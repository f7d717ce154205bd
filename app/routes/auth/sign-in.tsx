import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/sign-in";
import { AuthField, AuthFrame, FormAlert } from "#app/components/admin/auth-frame";
import { servicesContext } from "#app/db/context";
import { assertSameOrigin, getSessionUser } from "#app/services/auth.server";
import { signInStaff } from "#app/services/auth-sign-in.server";

const SignInSchema = z.object({
  email: z.string().trim().min(1, "Enter your e-mail address.").pipe(z.email("Enter a valid e-mail address.")),
  password: z.string().min(1, "Enter your password."),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  if (user) throw redirect("/edit");
  return { siteName: context.get(servicesContext).env.SITE_NAME };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { env, clientIp } = services;
  assertSameOrigin(request, env.siteUrl);
  const form = await request.formData();
  const emailValue = form.get("email");
  const email = typeof emailValue === "string" ? emailValue : "";
  const parsed = SignInSchema.safeParse({ email, password: form.get("password") ?? "" });
  if (!parsed.success) {
    const fieldErrors = z.flattenError(parsed.error).fieldErrors;
    return data({ email, message: null, fieldErrors }, { status: 400 });
  }
  const result = await signInStaff(services, {
    ...parsed.data,
    clientAddress: clientIp ?? "unknown",
    requestHeaders: request.headers,
  });
  if (result.ok) throw redirect("/edit", { headers: result.headers });
  return data({ email, message: result.message, fieldErrors: {} }, { status: result.status });
}

export default function SignIn({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const errors: { email?: string[]; password?: string[] } = result?.fieldErrors ?? {};
  return (
    <AuthFrame
      siteName={loaderData.siteName}
      eyebrow="Staff sign-in"
      title="Welcome back"
      intro="Sign in with your staff e-mail address and password to manage the site's media and content."
    >
      <title>{`Sign in | ${loaderData.siteName}`}</title>
      <meta name="robots" content="noindex" />
      {result?.message ? <FormAlert>{result.message}</FormAlert> : null}
      <Form method="post" className="space-y-6" noValidate>
        <AuthField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="username"
          required
          defaultValue={result?.email ?? ""}
          error={errors.email?.[0]}
        />
        <AuthField label="Password" name="password" type="password" autoComplete="current-password" required error={errors.password?.[0]} />
        <button type="submit" className="btn-primary w-full disabled:opacity-70" disabled={submitting}>
          {submitting ? "Signing in..." : "Sign in"}
        </button>
      </Form>
      <p className="mt-10 text-xs leading-relaxed text-stone">
        No account yet? An operator creates the first one with <code className="text-forest-900">npm run admin:create</code> or the set-up link
        printed when the server starts.
      </p>
    </AuthFrame>
  );
}
