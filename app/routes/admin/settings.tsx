import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { FormStatus } from "#app/components/ui/form-status";
import { SettingField, SettingsGroup, type SettingFieldProps } from "#app/components/admin/settings-fields";
import { RetentionConfirmButton, RetentionPendingNotice, RetentionQuestion, SettingsConflictNotice } from "#app/components/admin/settings-notices";
import { servicesContext } from "#app/db/context";
import { SOCIAL_NETWORKS } from "#app/domain/contact-links";
import {
  CONFIRM_RETENTION_FIELD,
  LOADED_SETTINGS_FIELD,
  OVERWRITE_SETTINGS_FIELD,
  parseConfirmedRetention,
  parseSentSettings,
  siteSettingsSchema,
  type RetentionShortening,
  type SettingsConflict,
  type SiteSettingKey,
  type SiteSettings,
} from "#app/domain/site-settings";
import { RetentionConfirmationNeeded, saveSettingsForm, SettingsConflictError } from "#app/models/settings-form.server";
import { settingsDefaults } from "#app/models/site-settings.server";
import { requireStaff, requireStaffAction } from "#app/services/auth.server";
import { countOf } from "#app/domain/plural";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "settings");
  const { env, settings } = context.get(servicesContext);
  return { values: await settings.current(), defaults: settingsDefaults(env) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireStaffAction(request, context, "settings");
  const services = context.get(servicesContext);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: siteSettingsSchema });
  // What the form showed when it was opened; after a conflict, "Save mine anyway" adds the stored values it replaces.
  const loaded = parseSentSettings(formData.get(LOADED_SETTINGS_FIELD));
  const baseline = loaded && { ...loaded, ...parseSentSettings(formData.get(OVERWRITE_SETTINGS_FIELD)) };
  // A refused save sends the baseline back, so the page (also without JavaScript) keeps comparing with it.
  const refused = (
    status: number,
    result: ReturnType<typeof submission.reply>,
    { conflict = null, retention = null }: { conflict?: SettingsConflict | null; retention?: RetentionShortening | null } = {},
  ) =>
    data(
      { result, saved: null, loaded: baseline ? JSON.stringify(baseline) : null, conflict, retention },
      { status, headers: { "Cache-Control": "no-store" } },
    );
  if (submission.status !== "success") return refused(400, submission.reply());
  if (!baseline)
    return refused(400, submission.reply({ formErrors: ["Reload the page and try again: the form lost track of the values it showed."] }));
  try {
    const confirmedRetentionMonths = parseConfirmedRetention(formData.get(CONFIRM_RETENTION_FIELD));
    const changes = await saveSettingsForm(services.db, services.env, user, baseline, submission.value, { confirmedRetentionMonths });
    // This process drops its copy at once; the others hear the change notice on commit.
    services.changes.emitLocal("settings");
    return { result: submission.reply(), saved: Object.keys(changes).length, loaded: null, conflict: null, retention: null };
  } catch (error) {
    // Not applied: a shorter retention period waits for the Owner's yes, with what is typed kept in the form.
    if (error instanceof RetentionConfirmationNeeded) return refused(409, submission.reply(), { retention: error.shortening });
    if (!(error instanceof SettingsConflictError)) throw error;
    const { values, by, at } = error.current;
    const fieldErrors = Object.fromEntries(
      error.fields.map((key) => [key, [`Changed by someone else since you opened this page; saved now: ${shown(values[key])}.`]]),
    );
    return refused(409, submission.reply({ fieldErrors }), { conflict: { fields: error.fields, values, by, at: at?.toISOString() ?? null } });
  }
}

const shown = (value: string | number | undefined) => (value === "" || value === undefined ? "empty" : `“${String(value)}”`);

export function headers() {
  return { "Cache-Control": "no-store" };
}

export default function SettingsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { values, defaults } = loaderData;
  const refused = actionData && actionData.saved === null ? actionData : undefined;
  // A save is over only once the page's data has been read again: React Router hands over the action's answer first
  // and the reloaded values (which start the form over) a moment later, so "Saved" waits for them, and the fields take
  // no typing meanwhile that the fresh form would then drop.
  const saving = useNavigation().formMethod === "POST";
  return (
    <div className="max-w-4xl">
      <title>Settings | Admin</title>
      <AdminPageHeader
        eyebrow="Owner"
        title="Settings"
        intro="What buyers see and how enquiries are handled, changed without a redeploy. Each value starts from the server's environment; a change here applies on every server at once and is recorded in the activity trail."
      />
      {/* "Save settings" is at the foot of a long page: the notice takes the focus and is scrolled to, so whoever pressed it sees it. */}
      {actionData?.saved != null && !saving ? (
        <div className="mt-8">
          <FormStatus
            tone="success"
            message={actionData.saved === 0 ? "Nothing changed." : `Saved ${countOf(actionData.saved, "change")}.`}
            takeFocus
          />
        </div>
      ) : null}
      {/* A save reads the settings again; the form starts over from them, so it never compares with values it no longer shows. */}
      <SettingsForm key={JSON.stringify(values)} values={values} defaults={defaults} refused={refused} saving={saving} />
    </div>
  );
}

type SettingsFormProps = {
  values: SiteSettings;
  defaults: SiteSettings;
  /** A refused save's answer: what was typed, the values it compared with, and any conflict or question. */
  refused?: { result: SubmissionResult<string[]>; loaded: string | null; conflict: SettingsConflict | null; retention: RetentionShortening | null };
  /** A save is on its way, or its answer is and the values are being read again. */
  saving: boolean;
};

function SettingsForm({ values, defaults, refused, saving }: SettingsFormProps) {
  const [form, fields] = useForm({
    id: "site-settings",
    lastResult: refused?.result,
    defaultValue: Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)])),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: siteSettingsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const all = fields as unknown as Record<SiteSettingKey, FieldMetadata<string>>;
  const field = (name: SiteSettingKey, type?: SettingFieldProps["type"], hint?: string) => (
    <SettingField name={name} fields={all} defaults={defaults} type={type} hint={hint} readOnly={saving} />
  );
  const conflict = refused?.conflict;
  const retention = refused?.retention;
  return (
    <>
      {conflict ? (
        <SettingsConflictNotice conflict={conflict} />
      ) : retention ? (
        <RetentionPendingNotice />
      ) : form.errors?.length || refused ? (
        <p role="alert" className="mt-8 border border-red-700/40 bg-red-50 px-4 py-3 text-sm text-red-800">
          {form.errors?.length ? form.errors.join(" ") : "Some values need attention; nothing was saved. See the messages under the fields."}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-8">
        {/* The values this form showed when opened (after a refusal, the ones it was compared with). */}
        <input type="hidden" name={LOADED_SETTINGS_FIELD} value={refused?.loaded ?? JSON.stringify(values)} />
        <SettingsGroup title="Company" intro="Shown in the menu's contact block, the footer and the e-mails.">
          {field("companyName")}
          {field("companyCountry")}
        </SettingsGroup>
        <SettingsGroup
          title="Contact for buyers"
          intro="Shown on the Contact page, in the menu, the footer and the acknowledgement e-mail. Leave a number empty to hide it."
        >
          {field("contactEmail", "email")}
          {field("workingHours")}
          {field("phone", "tel", "International format.")}
          {field("whatsapp", "tel", "International format.")}
        </SettingsGroup>
        <SettingsGroup
          title="Social links"
          intro="Full addresses of the site's pages; shown in the footer and on the Contact page. Leave empty to hide."
        >
          {SOCIAL_NETWORKS.map((network) => (
            <div key={network.key}>{field(network.key, "url")}</div>
          ))}
        </SettingsGroup>
        <SettingsGroup title="Enquiries" intro="Where new enquiries are e-mailed, and how many one visitor may send in a short time.">
          {field("enquiryMailbox", "email")}
          <div className="grid grid-cols-2 gap-4">
            {field("enquiryRateLimit", "number")}
            {field("enquiryRateWindowMinutes", "number")}
          </div>
        </SettingsGroup>
        <SettingsGroup
          title="Personal data"
          intro="Enquiries and their e-mails older than this are deleted by a daily job. A shorter period is saved only once you have confirmed what it deletes."
        >
          {field("retentionMonths", "number")}
        </SettingsGroup>
        {retention ? <RetentionQuestion shortening={retention} /> : null}
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" disabled={saving} className="btn-primary disabled:opacity-60">
            {saving ? "Saving..." : "Save settings"}
          </button>
          {/* After the main button, so pressing Enter in a field never replaces someone else's values or deletes enquiries. */}
          {conflict ? (
            <button
              type="submit"
              name={OVERWRITE_SETTINGS_FIELD}
              value={JSON.stringify(conflict.values)}
              disabled={saving}
              className="btn-secondary disabled:opacity-60"
            >
              Save mine anyway (replaces their changes)
            </button>
          ) : null}
          {retention ? <RetentionConfirmButton shortening={retention} saving={saving} /> : null}
        </div>
      </Form>
    </>
  );
}
