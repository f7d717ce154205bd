import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { SITE_SETTING_LABELS, type SiteSettingKey, type SiteSettings } from "#app/domain/site-settings";

export type SettingFieldProps = {
  name: SiteSettingKey;
  fields: Record<SiteSettingKey, FieldMetadata<string>>;
  defaults: SiteSettings;
  type?: "text" | "email" | "tel" | "url" | "number";
  hint?: string;
  /** While a save is under way (see routes/admin/settings.tsx). */
  readOnly?: boolean;
};

/** One setting of /edit/settings: its label, the input, the environment's default under it, and its errors. */
export function SettingField({ name, fields, defaults, type = "text", hint, readOnly = false }: SettingFieldProps) {
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
        readOnly={readOnly}
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

/** A titled group of settings. */
export function SettingsGroup({ title, intro, children }: { title: string; intro: string; children: React.ReactNode }) {
  return (
    <fieldset className="border border-linen bg-white/70 p-5 sm:p-7">
      <legend className="px-2 font-display text-xl text-forest-900">{title}</legend>
      <p className="text-sm text-stone">{intro}</p>
      <div className="mt-5 grid gap-5 md:grid-cols-2">{children}</div>
    </fieldset>
  );
}
