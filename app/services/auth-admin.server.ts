import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#app/db/client.server";
import { authUser } from "#app/db/schema";
import type { Env } from "#app/env.server";
import { getAuth, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./auth-instance.server";

export const AdminAccountSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("Enter a valid e-mail address.")),
  name: z.string().trim().min(1, "Enter a name.").max(120).default("Administrator"),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`)
    .max(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters.`),
});
export type AdminAccountInput = z.input<typeof AdminAccountSchema>;

export class AdminAccountError extends Error {}

/**
 * Creates an administrator through better-auth's admin plugin (called server-side, with no request, which
 * the plugin allows), so the password is hashed and stored exactly as sign-in expects.
 */
export async function createAdminUser(db: Database, env: Env, input: AdminAccountInput) {
  const parsed = AdminAccountSchema.safeParse(input);
  if (!parsed.success) throw new AdminAccountError(parsed.error.issues.map((issue) => issue.message).join(" "));
  const { email, name, password } = parsed.data;
  const existing = await db.select({ id: authUser.id }).from(authUser).where(eq(authUser.email, email));
  if (existing.length > 0) throw new AdminAccountError(`An account for ${email} already exists.`);
  const auth = await getAuth(db, env);
  const { user } = await auth.api.createUser({ body: { email, name, password, role: "admin" } });
  return { id: user.id, email: user.email, name: user.name };
}

export async function adminExists(db: Database): Promise<boolean> {
  const rows = await db.select({ id: authUser.id }).from(authUser).where(eq(authUser.role, "admin")).limit(1);
  return rows.length > 0;
}
