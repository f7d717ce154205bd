import { getCollectionProps, getInputProps, type FormMetadata } from "@conform-to/react";
import { CircleAlert, Plus, X } from "lucide-react";
import type { z } from "zod";
import { TextField } from "#app/components/ui/form-field";
import { CURRENCIES, CURRENCY_NAMES } from "#app/domain/listing-price";
import type { ListingConflict, listingFormSchema } from "#app/domain/listing-editor";
import { LISTING_STATUSES, STATUS_INFO } from "#app/domain/listing-status";

export type ListingFormInput = z.input<typeof listingFormSchema>;
export type ListingFormMeta = FormMetadata<ListingFormInput, string[]>;
export type ListingFields = ReturnType<ListingFormMeta["getFieldset"]>;

const legendClass = "mb-3 block text-[0.7rem] font-medium tracking-[0.2em] text-stone uppercase";
const errorText = (errors: string[] | undefined, id: string) => (
  <div id={id} aria-live="polite">
    {errors?.map((error) => (
      <p key={error} className="mt-2 text-sm text-red-700">
        {error}
      </p>
    ))}
  </div>
);

// Fixed locale and time zone, so the server's HTML and the browser's render agree.
const when = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", hour: "2-digit", minute: "2-digit", timeZone: "UTC" });

/** Errors about the form as a whole (not one field). */
export function FormProblems({ errors }: { errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <div role="alert" className="flex gap-3 border-l-2 border-red-600 bg-red-50 px-4 py-3 text-sm text-red-800">
      <CircleAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <div>
        {errors.map((error) => (
          <p key={error}>{error}</p>
        ))}
      </div>
    </div>
  );
}

/** A save refused because someone saved first: who and when, the way to compare, and the choice to replace theirs. */
export function ConflictNotice({ conflict, listingId }: { conflict: ListingConflict; listingId?: string }) {
  return (
    <div role="alert" className="space-y-3 border border-gold-400 bg-gold-200/40 px-5 py-4 text-sm text-ink">
      <p className="font-medium text-forest-900">Not saved: this listing changed while you were editing it.</p>
      <p>
        {conflict.by ? `${conflict.by} saved it` : "It was saved"} on {when.format(new Date(conflict.at))} (UTC). Your changes are still in the form
        below; nothing you typed is lost.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {listingId ? (
          <a href={`/edit/listings/${listingId}`} target="_blank" rel="noreferrer" className="text-forest-900 underline underline-offset-4">
            Open the saved version in a new tab
          </a>
        ) : null}
        <button type="submit" name="overwrite" value={conflict.version} className="btn-secondary !px-4 !py-2">
          Save mine anyway (replaces their changes)
        </button>
      </div>
    </div>
  );
}

export function PriceFields({ fields, saving }: { fields: ListingFields; saving: boolean }) {
  const mode = fields.priceMode.value ?? "request";
  return (
    <fieldset>
      <legend className={legendClass}>Price</legend>
      <div className="flex flex-wrap gap-6">
        {getCollectionProps(fields.priceMode, { type: "radio", options: ["request", "amount"] }).map((props) => (
          <label key={props.key} className="flex items-center gap-2 text-sm text-ink">
            <input {...props} key={props.key} className="h-4 w-4 accent-forest-800" />
            {props.value === "request" ? "Price on request" : "Price"}
          </label>
        ))}
      </div>
      {mode === "amount" ? (
        <div className="mt-4 grid gap-4 sm:grid-cols-[8rem_minmax(0,1fr)]">
          <div>
            <label htmlFor={fields.priceCurrency.id} className="mb-2 block text-[0.7rem] font-medium tracking-[0.2em] text-stone uppercase">
              Currency
            </label>
            <select
              id={fields.priceCurrency.id}
              name={fields.priceCurrency.name}
              defaultValue={fields.priceCurrency.initialValue ?? "USD"}
              key={fields.priceCurrency.key}
              aria-invalid={fields.priceCurrency.errors ? true : undefined}
              aria-describedby={fields.priceCurrency.errors ? fields.priceCurrency.errorId : undefined}
              className="block w-full border border-ink/15 bg-white px-3 py-3 text-[0.95rem] focus:border-gold-500 focus:outline-none"
            >
              {CURRENCIES.map((currency) => (
                <option key={currency} value={currency} title={CURRENCY_NAMES[currency]}>
                  {currency}
                </option>
              ))}
            </select>
            {errorText(fields.priceCurrency.errors, fields.priceCurrency.errorId)}
          </div>
          <TextField label="Amount" meta={fields.priceAmount} inputMode="text" placeholder="e.g. 3,950,000" readOnly={saving} />
        </div>
      ) : (
        // Without JavaScript both stay in the page, so choosing "Price" and typing an amount works in one go.
        <noscript>
          <div className="mt-4 grid gap-4 sm:grid-cols-[8rem_minmax(0,1fr)]">
            <select name={fields.priceCurrency.name} aria-label="Currency" defaultValue="USD" className="border border-ink/15 bg-white px-3 py-3">
              {CURRENCIES.map((currency) => (
                <option key={currency}>{currency}</option>
              ))}
            </select>
            <input
              name={fields.priceAmount.name}
              aria-label="Amount"
              placeholder="e.g. 3,950,000"
              className="border border-ink/15 bg-white px-4 py-3"
            />
          </div>
        </noscript>
      )}
      {errorText(fields.priceMode.errors, fields.priceMode.errorId)}
    </fieldset>
  );
}

/** Label/value rows, starting with the category's usual labels; empty rows are not shown on the site. */
export function SpecificationRows({
  form,
  fields,
  heading,
  saving,
}: {
  form: ListingFormMeta;
  fields: ListingFields;
  heading: string;
  saving: boolean;
}) {
  const rows = fields.specifications.getFieldList();
  return (
    <section aria-labelledby="specifications-heading" className="space-y-5 border border-linen bg-white/70 p-6 sm:p-8">
      <div>
        <h2 id="specifications-heading" className="font-display text-xl text-forest-900">
          Specifications
        </h2>
        <p className="mt-1 text-sm text-stone">Shown under “{heading}”. Rows without a value are left out; add any others you need.</p>
      </div>
      <ul className="space-y-3">
        {rows.map((row, index) => {
          const { label, value } = row.getFieldset();
          return (
            <li key={row.key} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] items-start gap-2 sm:gap-3">
              <div>
                <input
                  {...getInputProps(label, { type: "text" })}
                  key={label.key}
                  readOnly={saving}
                  aria-label={`Label of row ${index + 1}`}
                  placeholder="Label"
                  className={`block w-full border bg-white px-3 py-2.5 text-sm focus:border-gold-500 focus:outline-none ${label.errors ? "border-red-600" : "border-ink/15"}`}
                />
                {errorText(label.errors, label.errorId)}
              </div>
              <div>
                <input
                  {...getInputProps(value, { type: "text" })}
                  key={value.key}
                  readOnly={saving}
                  aria-label={`Value of ${label.value || `row ${index + 1}`}`}
                  placeholder="Value"
                  className={`block w-full border bg-white px-3 py-2.5 text-sm focus:border-gold-500 focus:outline-none ${value.errors ? "border-red-600" : "border-ink/15"}`}
                />
                {errorText(value.errors, value.errorId)}
              </div>
              <button
                {...form.remove.getButtonProps({ name: fields.specifications.name, index })}
                aria-label={`Remove row ${index + 1}${label.value ? ` (${label.value})` : ""}`}
                className="p-2.5 text-stone hover:text-red-700"
              >
                <X aria-hidden className="h-4 w-4" />
              </button>
            </li>
          );
        })}
      </ul>
      {errorText(fields.specifications.errors, fields.specifications.errorId)}
      <button
        {...form.insert.getButtonProps({ name: fields.specifications.name, defaultValue: { label: "", value: "" } })}
        className="inline-flex items-center gap-2 text-sm text-forest-900 underline decoration-gold-500 underline-offset-4"
      >
        <Plus aria-hidden className="h-4 w-4" /> Add a row
      </button>
    </section>
  );
}

/** Status, visibility, home page and the save button: the sidebar of the editor. */
export function PublishingPanel({ fields, saving, creating }: { fields: ListingFields; saving: boolean; creating: boolean }) {
  const checkbox = (meta: ListingFields["visible"], label: string, hint: string) => (
    <label className="flex items-start gap-3 text-sm text-ink">
      <input {...getInputProps(meta, { type: "checkbox" })} key={meta.key} className="mt-0.5 h-4 w-4 accent-forest-800" />
      <span>
        {label}
        <span className="block text-xs text-stone">{hint}</span>
      </span>
    </label>
  );
  return (
    <aside aria-labelledby="publishing-heading" className="space-y-6 self-start border border-linen bg-white/80 p-6 xl:sticky xl:top-24">
      <h2 id="publishing-heading" className="font-display text-xl text-forest-900">
        Publishing
      </h2>
      <fieldset>
        <legend className={legendClass}>Status</legend>
        <div className="space-y-3">
          {getCollectionProps(fields.status, { type: "radio", options: [...LISTING_STATUSES] }).map((props) => {
            const status = props.value as (typeof LISTING_STATUSES)[number];
            return (
              <label key={props.key} className="flex items-start gap-3 text-sm text-ink">
                <input {...props} key={props.key} className="mt-0.5 h-4 w-4 accent-forest-800" />
                <span>
                  {STATUS_INFO[status].label}
                  <span className="block text-xs text-stone">{STATUS_INFO[status].description}</span>
                </span>
              </label>
            );
          })}
        </div>
        {errorText(fields.status.errors, fields.status.errorId)}
      </fieldset>
      <fieldset className="space-y-3">
        <legend className={legendClass}>Visibility</legend>
        {checkbox(fields.visible, "Show on the site", "Untick to hide it everywhere, whatever its status.")}
        {checkbox(fields.onCarousel, "On the home carousel", "Its cover becomes a slide (order under “Arrange order”).")}
        {checkbox(fields.staffPick, "Staff pick", "Fills “Trending Now” when too few listings had views this week.")}
      </fieldset>
      <div>
        <label htmlFor={fields.lastVerifiedOn.id} className={legendClass}>
          Facts last verified
        </label>
        <input
          {...getInputProps(fields.lastVerifiedOn, { type: "date" })}
          key={fields.lastVerifiedOn.key}
          readOnly={saving}
          className={`block w-full border bg-white px-3 py-2.5 text-sm focus:border-gold-500 focus:outline-none ${fields.lastVerifiedOn.errors ? "border-red-600" : "border-ink/15"}`}
        />
        {errorText(fields.lastVerifiedOn.errors, fields.lastVerifiedOn.errorId)}
      </div>
      <button type="submit" disabled={saving} className="btn-primary w-full disabled:cursor-wait disabled:opacity-80">
        {saving ? "Saving..." : creating ? "Create listing" : "Save changes"}
      </button>
    </aside>
  );
}
