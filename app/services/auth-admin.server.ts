import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#app/db/client.server";
import { authUser } from "#app/db/schema";
import { passwordSchema } from "#app/domain/password-policy";
import { requiredText } from "#app/domain/required-text";
import { STAFF_ROLES, type StaffRole } from "#app/domain/staff-roles";
import type { AuthApi } from "./lazy-auth.server";

export const StaffAccountSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("Enter a valid e-mail address.")),
  name: requiredText("Enter a name.").max(120).default("Administrator"),
  password: passwordSchema,
  role: z.enum(STAFF_ROLES).default("owner"),
});
export type StaffAccountInput = z.input<typeof StaffAccountSchema>;

export class StaffAccountError extends Error {}

type AuthDeps = { db: Database; auth: AuthApi };

/**
 * Creates a member of staff through better-auth's admin plugin (called server-side, with no request, which
 * the plugin allows), so the password is hashed and stored exactly as sign-in expects.
 */
export async function createStaffUser({ db, auth }: AuthDeps, input: StaffAccountInput) {
  const parsed = StaffAccountSchema.safeParse(input);
  if (!parsed.success) throw new StaffAccountError(parsed.error.issues.map((issue) => issue.message).join(" "));
  const { email, name, password, role } = parsed.data;
  const existing = await db.select({ id: authUser.id }).from(authUser).where(eq(authUser.email, email));
  if (existing.length > 0) throw new StaffAccountError(`An account for ${email} already exists.`);
  const { user } = await auth.api.createUser({ body: { email, name, password, role } });
  return { id: user.id, email: user.email, name: user.name, role };
}

/**
 * Makes an existing account an active Owner (its password is left as it is): the operator running admin:create means
 * this person to get in, so a deactivated account is reactivated too. Null when no account has that address.
 */
export async function promoteToOwner(
  db: Database,
  email: string,
): Promise<{ id: string; email: string; previousRole: string | null; reactivated: boolean } | null> {
  const [existing] = await db
    .select({ id: authUser.id, role: authUser.role, banned: authUser.banned })
    .from(authUser)
    .where(eq(authUser.email, email.trim().toLowerCase()));
  if (!existing) return null;
  await db
    .update(authUser)
    .set({ role: "owner" satisfies StaffRole, banned: false, banReason: null, banExpires: null, updatedAt: new Date() })
    .where(eq(authUser.id, existing.id));
  return { id: existing.id, email: email.trim().toLowerCase(), previousRole: existing.role, reactivated: existing.banned === true };
}

/** Whether an active Owner exists (the first-run set-up link is offered only until one does). */
export async function ownerExists(db: Database): Promise<boolean> {
  const rows = await db
    .select({ id: authUser.id })
    .from(authUser)
    .where(and(eq(authUser.role, "owner"), eq(authUser.banned, false)))
    .limit(1);
  return rows.length > 0;
}
