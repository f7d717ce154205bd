import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { servicesContext } from "#app/db/context";
import { SOCIAL_NETWORKS } from "#app/domain/contact-links";
import {
  LOADED_SETTINGS_FIELD,
  OVERWRITE_SETTINGS_FIELD,
  parseSentSettings,
  SITE_SETTING_LABELS,
  siteSettingsSchema,
  type SettingsConflict,
  type SiteSettingKey,
  type SiteSettings,
} from "#app/domain/site-settings";
import { saveSettingsForm, SettingsConflictError } from "#app/models/settings-form.server";
import { settingsDefaults } from "#app/models/site-settings.server";
import { requireStaff, requireStaffAction } from "#app/services/auth.server";
import { countOf } from "#app/domain/plural";
import { formatAdminDate } from "#app/components/admin/enquiry-status";

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
  const refused = (status: number, result: ReturnType<typeof submission.reply>, conflict?: SettingsConflict) =>
    data(
      { result, saved: null, loaded: baseline ? JSON.stringify(baseline) : null, conflict: conflict ?? null },
      { status, headers: { "Cache-Control": "no-store" } },
    );
  if (submission.status !== "success") return refused(400, submission.reply());
  if (!baseline)
    return refused(400, submission.reply({ formErrors: ["Reload the page and try again: the form lost track of the values it showed."] }));
  try {
    const changes = await saveSettingsForm(services.db, services.env, user, baseline, submission.value);
    // This process drops its copy at once; the others hear the change notice on commit.
    services.changes.emitLocal("settings");
    return { result: submission.reply(), saved: Object.keys(changes).length, loaded: null, conflict: null };
  } catch (error) {
    if (!(error instanceof SettingsConflictError)) throw error;
    const { values, by, at } = error.current;
    const fieldErrors = Object.fromEntries(
      error.fields.map((key) => [key, [`Changed by someone else since you opened this page; saved now: ${shown(values[key])}.`]]),
    );
    return refused(409, submission.reply({ fieldErrors }), { fields: error.fields, values, by, at: at?.toISOString() ?? null });
  }
}

const shown = (value: string | number | undefined) => (value === "" || value === undefined ? "empty" : `“${String(value)}”`);

export function headers() {
  return { "Cache-Control": "no-store" };
}

type FieldProps = {
  name: SiteSettingKey;
  fields: Record<SiteSettingKey, FieldMetadata<string>>;
  defaults: SiteSettings;
  type?: "text" | "email" | "tel" | "url" | "number";
  hint?: string;
};

function Field({ name, fields, defaults, type = "text", hint }: FieldProps) {
  const meta = fields[name];
  const fallback = String(defaults[name]);
  const describedBy = [`${meta.id}-default`, meta.errors?.length ? meta.errorId : ""].filter(Boolean).join(" ");
  const { key, ...input } = getInputProps(meta, { type });
  return (
    <div>
      <label htmlFor={meta.id} className="block text-[0.68rem] font-medium tracking-[0.16em] text-stone uppercase">
        {SITE_SETTING_LABELS[name]}
      </label>
      <input
        key={key}
        {...input}
        aria-describedby={describedBy}
        className={`mt-1.5 h-11 w-full border bg-white px-3 text-sm text-ink outline-none focus:border-forest-700 ${meta.errors?.length ? "border-red-700" : "border-linen"}`}
      />
      <p id={`${meta.id}-default`} className="mt-1 text-xs text-stone">
        {hint ? `${hint} ` : ""}Default: {fallback === "" ? "none" : fallback}
      </p>
      <div id={meta.errorId}>
        {meta.errors?.map((error) => (
          <p key={error} className="mt-1.5 text-sm text-red-800">
            {error}
          </p>
        ))}
      </div>
    </div>
  );
}

function Group({ title, intro, children }: { title: string; intro: string; children: React.ReactNode }) {
  return (
    <fieldset className="border border-linen bg-white/70 p-5 sm:p-7">
      <legend className="px-2 font-display text-xl text-forest-900">{title}</legend>
      <p className="text-sm text-stone">{intro}</p>
      <div className="mt-5 grid gap-5 md:grid-cols-2">{children}</div>
    </fieldset>
  );
}

export default function SettingsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { values, defaults } = loaderData;
  const refused = actionData && actionData.saved === null ? actionData : undefined;
  return (
    <div className="max-w-4xl">
      <title>Settings | Admin</title>
      <AdminPageHeader
        eyebrow="Owner"
        title="Settings"
        intro="What buyers see and how enquiries are handled, changed without a redeploy. Each value starts from the server's environment; a change here applies on every server at once and is recorded in the activity trail."
      />
      {actionData?.saved != null ? (
        <p role="status" className="mt-8 border border-forest-600/40 bg-forest-900/5 px-4 py-3 text-sm text-forest-900">
          {actionData.saved === 0 ? "Nothing changed." : `Saved ${countOf(actionData.saved, "change")}.`}
        </p>
      ) : null}
      {/* A save reads the settings again; the form starts over from them, so it never compares with values it no longer shows. */}
      <SettingsForm key={JSON.stringify(values)} values={values} defaults={defaults} refused={refused} />
    </div>
  );
}

type SettingsFormProps = {
  values: SiteSettings;
  defaults: SiteSettings;
  /** A refused save's answer: what was typed, the values it compared with, and any conflict. */
  refused?: { result: SubmissionResult<string[]>; loaded: string | null; conflict: SettingsConflict | null };
};

function SettingsForm({ values, defaults, refused }: SettingsFormProps) {
  const saving = useNavigation().formMethod === "POST";
  const [form, fields] = useForm({
    id: "site-settings",
    lastResult: refused?.result,
    defaultValue: Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)])),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: siteSettingsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const all = fields as unknown as Record<SiteSettingKey, FieldMetadata<string>>;
  const field = (name: SiteSettingKey, type?: FieldProps["type"], hint?: string) => (
    <Field name={name} fields={all} defaults={defaults} type={type} hint={hint} />
  );
  const conflict = refused?.conflict;
  return (
    <>
      {conflict ? (
        <SettingsConflictNotice conflict={conflict} />
      ) : form.errors?.length || refused ? (
        <p role="alert" className="mt-8 border border-red-700/40 bg-red-50 px-4 py-3 text-sm text-red-800">
          {form.errors?.length ? form.errors.join(" ") : "Some values need attention; nothing was saved. See the messages under the fields."}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-8">
        {/* The values this form showed when opened (after a refusal, the ones it was compared with). */}
        <input type="hidden" name={LOADED_SETTINGS_FIELD} value={refused?.loaded ?? JSON.stringify(values)} />
        <Group title="Company" intro="Shown in the menu's contact block, the footer and the e-mails.">
          {field("companyName")}
          {field("companyCountry")}
        </Group>
        <Group
          title="Contact for buyers"
          intro="Shown on the Contact page, in the menu, the footer and the acknowledgement e-mail. Leave a number empty to hide it."
        >
          {field("contactEmail", "email")}
          {field("workingHours")}
          {field("phone", "tel", "International format.")}
          {field("whatsapp", "tel", "International format.")}
        </Group>
        <Group title="Social links" intro="Full addresses of the site's pages; shown in the footer and on the Contact page. Leave empty to hide.">
          {SOCIAL_NETWORKS.map((network) => (
            <div key={network.key}>{field(network.key, "url")}</div>
          ))}
        </Group>
        <Group title="Enquiries" intro="Where new enquiries are e-mailed, and how many one visitor may send in a short time.">
          {field("enquiryMailbox", "email")}
          <div className="grid grid-cols-2 gap-4">
            {field("enquiryRateLimit", "number")}
            {field("enquiryRateWindowMinutes", "number")}
          </div>
        </Group>
        <Group title="Personal data" intro="Enquiries and their e-mails older than this are deleted by a daily job.">
          {field("retentionMonths", "number")}
        </Group>
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" disabled={saving} className="btn-primary disabled:opacity-60">
            {saving ? "Saving..." : "Save settings"}
          </button>
          {/* After the main button, so pressing Enter in a field never replaces someone else's values. */}
          {conflict ? (
            <button
              type="submit"
              name={OVERWRITE_SETTINGS_FIELD}
              value={JSON.stringify(conflict.values)}
              disabled={saving}
              className="border border-forest-900 px-3 py-2.5 text-sm text-forest-900 hover:bg-forest-900 hover:text-ivory disabled:opacity-60"
            >
              Save mine anyway (replaces their changes)
            </button>
          ) : null}
        </div>
      </Form>
    </>
  );
}

/** A save refused because someone else changed a field it changed: which, who and when; the form offers to replace theirs. */
function SettingsConflictNotice({ conflict }: { conflict: SettingsConflict }) {
  const names = conflict.fields.map((key) => SITE_SETTING_LABELS[key]);
  const named = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return (
    <div role="alert" className="mt-8 space-y-2 border border-gold-400 bg-gold-200/40 px-5 py-4 text-sm text-ink">
      <p className="font-medium text-forest-900">
        {`Not saved: ${named} ${names.length === 1 ? "was" : "were"} changed${conflict.by ? ` by ${conflict.by}` : ""}${conflict.at ? ` at ${formatAdminDate(conflict.at)}` : ""} since you opened this page.`}
      </p>
      <p>
        Your changes are still in the form below; nothing you typed is lost. Reload the page to see the saved values, or choose “Save mine anyway”
        under the form.
      </p>
    </div>
  );
}
