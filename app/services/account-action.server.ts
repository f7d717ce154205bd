import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { AccountActionResult } from "#app/components/admin/account/account-panel";
import { servicesContext } from "#app/db/context";
import { changePasswordSchema, confirmPasswordSchema, isAccountIntent, revokeSessionSchema, totpCodeSchema } from "#app/domain/account-forms";
import type { StaffUser } from "./auth.server";
import { rememberReplacedSession } from "./replaced-session.server";
import { changeOwnPassword, revokeOwnSession, signOutEverywhere } from "./staff-account.server";
import { confirmTwoFactorSetup, describeTotpUri, makeNewRecoveryCodes, startTwoFactorSetup, turnOffTwoFactor } from "./two-factor.server";

const NO_STORE = { "Cache-Control": "no-store" };
const SECRET_FIELDS = ["currentPassword", "password", "confirm", "code", "totpUri"];

function answer(body: AccountActionResult, init: { status?: number; headers?: Headers } = {}) {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", "no-store");
  return data(body, { status: init.status ?? 200, headers });
}

/** A refused password step: 400, or 429 with Retry-After when too many passwords were tried (not checked then). */
function refused(refusal: { retryAfterSeconds?: number }): { status: number; headers?: Headers } {
  if (!refusal.retryAfterSeconds) return { status: 400 };
  return { status: 429, headers: new Headers({ "Retry-After": String(refusal.retryAfterSeconds) }) };
}

/**
 * The account page's action (/edit/account): one form per intent, each parsed with its own schema. The route has
 * already checked the session (requireStaffAction); every better-auth call below acts for that session only.
 */
export async function accountAction(request: Request, context: Readonly<RouterContextProvider>, user: StaffUser) {
  const services = context.get(servicesContext);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!isAccountIntent(intent)) throw data({ message: "Unknown action." }, { status: 400, headers: NO_STORE });
  const base = { headers: request.headers, actor: user, ip: services.clientIp ?? null };

  switch (intent) {
    case "change-password": {
      const submission = parseWithZod(formData, { schema: changePasswordSchema });
      if (submission.status !== "success") return answer({ intent, result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 400 });
      const changed = await changeOwnPassword(services, {
        ...base,
        currentPassword: submission.value.currentPassword,
        newPassword: submission.value.password,
      });
      if (!changed.ok)
        return answer(
          { intent, result: submission.reply({ hideFields: SECRET_FIELDS, fieldErrors: { [changed.field]: [changed.message] } }) },
          refused(changed),
        );
      rememberReplacedSession(context, changed.headers);
      return answer(
        { intent, result: submission.reply({ resetForm: true }), notice: "Your password has been changed. Every other session has been signed out." },
        { headers: changed.headers },
      );
    }
    case "revoke-session": {
      const submission = parseWithZod(formData, { schema: revokeSessionSchema });
      if (submission.status !== "success") return answer({ intent, result: submission.reply() }, { status: 400 });
      const revoked = await revokeOwnSession(services, { ...base, sessionId: submission.value.sessionId });
      if (revoked.wasCurrent) throw redirect("/sign-in", { headers: revoked.headers });
      return answer({ intent, notice: revoked.revoked ? "That session has been signed out." : "That session had already ended." });
    }
    case "sign-out-everywhere": {
      const headers = await signOutEverywhere(services, base);
      throw redirect("/sign-in", { headers });
    }
    // Two-step sign-in (docs/decisions/0020): each answer that holds the secret or recovery codes is no-store
    // like every answer here, and shown once; nothing is kept in the page between posts but the setup's URI.
    case "two-factor-start": {
      const submission = parseWithZod(formData, { schema: confirmPasswordSchema });
      if (submission.status !== "success") return answer({ intent, result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 400 });
      const started = await startTwoFactorSetup(services, { ...base, password: submission.value.currentPassword });
      if (!started.ok)
        return answer(
          { intent, result: submission.reply({ hideFields: SECRET_FIELDS, fieldErrors: { currentPassword: [started.message] } }) },
          refused(started),
        );
      return answer({ intent, result: submission.reply({ resetForm: true }), setup: started.setup });
    }
    case "two-factor-confirm": {
      const submission = parseWithZod(formData, { schema: totpCodeSchema });
      const uri = formData.get("totpUri");
      // A malformed URI means a tampered form: start again rather than draw whatever was sent.
      const setup =
        typeof uri === "string" && uri.startsWith("otpauth://totp/") && uri.length <= 1000 ? await describeTotpUri(uri).catch(() => null) : null;
      if (!setup) return answer({ intent, notice: "This setup has ended. Start again with your password." }, { status: 400 });
      if (submission.status !== "success") return answer({ intent, result: submission.reply({ hideFields: SECRET_FIELDS }), setup }, { status: 400 });
      const confirmed = await confirmTwoFactorSetup(services, { ...base, code: submission.value.code });
      if (!confirmed.ok && confirmed.expired) return answer({ intent, notice: confirmed.message }, { status: 400 });
      if (!confirmed.ok)
        return answer(
          { intent, result: submission.reply({ hideFields: SECRET_FIELDS, fieldErrors: { code: [confirmed.message] } }), setup },
          { status: 400 },
        );
      rememberReplacedSession(context, confirmed.headers);
      return answer({ intent, recoveryCodes: confirmed.recoveryCodes, notice: "Two-step sign-in is on." }, { headers: confirmed.headers });
    }
    case "recovery-codes": {
      const submission = parseWithZod(formData, { schema: confirmPasswordSchema });
      if (submission.status !== "success") return answer({ intent, result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 400 });
      const made = await makeNewRecoveryCodes(services, { ...base, password: submission.value.currentPassword });
      if (!made.ok)
        return answer(
          { intent, result: submission.reply({ hideFields: SECRET_FIELDS, fieldErrors: { currentPassword: [made.message] } }) },
          refused(made),
        );
      return answer({
        intent,
        result: submission.reply({ resetForm: true }),
        recoveryCodes: made.recoveryCodes,
        notice: "New recovery codes are ready. The old ones no longer work.",
      });
    }
    case "recovery-codes-saved":
      // Nothing to store: this step only makes sure the codes were looked at before the page moves on.
      return answer({ intent, notice: "Your recovery codes are saved. Keep them somewhere safe, away from your phone." });
    case "two-factor-disable": {
      const submission = parseWithZod(formData, { schema: confirmPasswordSchema });
      if (submission.status !== "success") return answer({ intent, result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 400 });
      const off = await turnOffTwoFactor(services, { ...base, password: submission.value.currentPassword });
      if (!off.ok)
        return answer(
          { intent, result: submission.reply({ hideFields: SECRET_FIELDS, fieldErrors: { currentPassword: [off.message] } }) },
          refused(off),
        );
      rememberReplacedSession(context, off.headers);
      return answer(
        { intent, result: submission.reply({ resetForm: true }), notice: "Two-step sign-in is off. Signing in now asks for your password only." },
        { headers: off.headers },
      );
    }
    default:
      throw data({ message: "Unknown action." }, { status: 400, headers: NO_STORE });
  }
}
