import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useMemo, useState } from "react";
import { createPortal } from "react-dom";
import { useHydrated } from "#app/components/use-hydrated";
import { Form, useNavigation, useSubmit } from "react-router";
import { SelectField, TextAreaField, TextField } from "#app/components/ui/form-field";
import { CATEGORIES, CATEGORY_LIST } from "#app/domain/categories";
import { isCategoryId } from "#app/domain/category-ids";
import {
  listingFormSchema,
  locationHint,
  MAX_HIGHLIGHTS,
  photoAltField,
  type ListingConflict,
  type ListingFormDefaults,
  type ListingFormValues,
} from "#app/domain/listing-editor";
import type { PhotoView } from "#app/domain/listing-photos";
import { holdWhileSaving } from "./hold-while-saving";
import { draftKey, dropDrafts, keepDraft, readDraft, type ListingDraft } from "./listing-draft";
import { ConflictNotice, FormProblems, PriceFields, PublishingPanel, SpecificationRows, type ListingFormInput } from "./listing-form-parts";
import { altInputId, altProblem, unsavedAlts } from "./photo-alt-drafts";

type ListingFormProps = {
  /** The listing's id when editing; undefined when creating. */
  listingId?: string;
  defaults: ListingFormDefaults;
  lastResult?: SubmissionResult<string[]>;
  conflict?: ListingConflict;
  /** The listing's photos (edits only) and the alt text typed on them: the save sends what is not saved yet. */
  photos?: readonly Pick<PhotoView, "id" | "alt">[];
  typedAlts?: Readonly<Record<string, string>>;
};

const sectionClass = "space-y-6 border border-linen bg-white/70 p-6 sm:p-8";
const sectionTitle = "font-display text-xl text-forest-900";

/**
 * The listing editor's form: one zod schema (domain/listing-editor.ts) checked here as staff type and again on
 * the server. It posts with or without JavaScript; on an error the server answers with everything typed, and
 * a save from an outdated copy is refused with a notice (no silent overwrite). What is typed is also kept in the
 * tab until it is saved (./listing-draft.ts), and offered back when a save did not go through. Alt text typed on
 * the photos above and not saved with its own button goes with the save (./photo-alt-drafts.ts).
 */
/** Where an editor page puts the offer of unsaved changes, when it has something (the photos) above the form. */
export const DRAFT_OFFER_SLOT = "listing-draft-offer";

export function ListingForm(props: ListingFormProps) {
  const { listingId, defaults } = props;
  const key = draftKey(listingId, defaults.version);
  const hydrated = useHydrated();
  // The draft this tab held when the form opened (the tab's storage exists in the browser only); typing keeps a newer one.
  const found = useMemo(() => (hydrated ? readDraft(key) : null), [hydrated, key]);
  const [dismissed, setDismissed] = useState(false);
  const [restored, setRestored] = useState<ListingDraft | null>(null);
  const offered = dismissed ? null : found;
  useEffect(() => {
    // A draft of an earlier version is out of date: the listing has been saved since.
    dropDrafts(listingId, key);
  }, [listingId, key]);
  const discard = () => {
    dropDrafts(listingId);
    setDismissed(true);
  };
  const offer = offered && !restored ? <DraftOffer draft={offered} onRestore={() => setRestored(offered)} onDiscard={discard} /> : null;
  // Shown in the page's slot above the photos when it has one, so it is the first thing seen on opening the page again.
  const slot = offer ? document.getElementById(DRAFT_OFFER_SLOT) : null;
  return (
    <>
      {slot ? createPortal(offer, slot) : offer}
      <ListingFields
        key={restored ? "restored" : "saved"}
        {...props}
        defaults={restored ? { ...defaults, ...(restored.value as Partial<ListingFormDefaults>), version: defaults.version } : defaults}
        draft={key}
      />
    </>
  );
}

function DraftOffer({ draft, onRestore, onDiscard }: { draft: ListingDraft; onRestore: () => void; onDiscard: () => void }) {
  const time = new Date(draft.savedAt).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
  return (
    <div role="status" className="flex flex-wrap items-center gap-4 border-l-2 border-gold-500 bg-gold-200/40 px-4 py-3 text-sm text-ink">
      <p className="min-w-0 flex-1">
        {`Changes typed at ${time} were not saved (the session may have ended before the save). They are kept in this browser tab.`}
      </p>
      <button type="button" onClick={onRestore} className="btn-primary !px-4 !py-2">
        Restore them
      </button>
      <button type="button" onClick={onDiscard} className="text-forest-900 underline underline-offset-4">
        Discard them
      </button>
    </div>
  );
}

function ListingFields({ listingId, defaults, lastResult, conflict, draft, photos = [], typedAlts = {} }: ListingFormProps & { draft: string }) {
  const navigation = useNavigation();
  const submit = useSubmit();
  // From the post until the saved listing has loaded (the redirect's "loading" too): the form starts over then.
  const saving = navigation.state !== "idle" && navigation.formData?.get("_action") === "save";
  const unsaved = unsavedAlts(photos, typedAlts);
  const [form, fields] = useForm<ListingFormInput, ListingFormValues, string[]>({
    id: `listing-${listingId ?? "new"}`,
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: listingFormSchema }),
    // The listing's fields are valid. Alt text typed on the photos goes with them, checked first by the same rules
    // as the photo's own Save: a refused one keeps the focus on its photo, which says why (the server checks again).
    onSubmit: (event, { formData }) => {
      if (unsaved.length === 0) return;
      event.preventDefault();
      const refused = unsaved.find((item) => altProblem(item.alt) !== null);
      if (refused) {
        document.getElementById(altInputId(refused.id))?.focus();
        return;
      }
      for (const item of unsaved) formData.set(photoAltField(item.id), item.alt);
      void submit(formData, { method: "post" });
    },
  });
  // Kept as typed, for a save that does not go through (see ListingForm).
  useEffect(() => {
    if (form.dirty) keepDraft(draft, form.value);
  }, [draft, form.dirty, form.value]);
  const categoryValue = fields.category.value ?? defaults.category;
  const category = CATEGORIES[isCategoryId(categoryValue) ? categoryValue : defaults.category];
  const highlights = fields.highlights.getFieldList();

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      {...holdWhileSaving(saving)}
      aria-busy={saving || undefined}
      className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_20rem]"
    >
      <input type="hidden" name="_action" value="save" />
      {/* Enter in a field saves: the first submit button of a form is its default, and the rows' remove buttons come before Save. */}
      <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only">
        Save
      </button>
      {defaults.version ? <input {...getInputProps(fields.version, { type: "hidden" })} key={fields.version.key} /> : null}

      <div className="min-w-0 space-y-8">
        {conflict ? (
          <ConflictNotice conflict={conflict} listingId={listingId} />
        ) : (
          <FormProblems
            errors={[
              ...(form.errors ?? []),
              ...photos.flatMap((photo, index) =>
                (form.allErrors[photoAltField(photo.id)] ?? []).map(
                  (error) => `Nothing was saved. Alt text of photo ${index + 1} of ${photos.length}: ${error}`,
                ),
              ),
            ]}
          />
        )}

        <section aria-labelledby="essentials-heading" className={sectionClass}>
          <h2 id="essentials-heading" className={sectionTitle}>
            Essentials
          </h2>
          <TextField label="Title" meta={fields.title} required readOnly={saving} />
          <div>
            <TextField label="Web address" meta={fields.slug} placeholder="made from the title" readOnly={saving} />
            <p className="mt-2 text-xs leading-relaxed text-stone">
              The page lives at{" "}
              <span className="font-medium text-ink">
                /{category.id}/{fields.slug.value || "…"}
              </span>
              . Leave it empty to make it from the title. A changed address keeps working: the old one redirects here.
            </p>
          </div>
          <div className="grid gap-6 sm:grid-cols-2">
            <SelectField
              label="Category"
              meta={fields.category}
              required
              placeholder="Choose a category"
              options={CATEGORY_LIST.map((item) => ({ value: item.id, label: item.name }))}
            />
            {category.hasYear ? (
              <div>
                <TextField label="Year" meta={fields.year as never} inputMode="text" placeholder="e.g. 2019" readOnly={saving} />
                {/* Asked for here only: the details list shows it from this field (domain/listing-year.ts). */}
                <p className="mt-2 text-xs leading-relaxed text-stone">Shown beside the location and in the “{category.detailHeading}” list.</p>
              </div>
            ) : (
              <p className="self-end pb-3 text-xs text-stone">
                {typeof category.yearFrom === "object"
                  ? `${category.name} states its ${category.yearFrom.specification} among the specifications.`
                  : "This category has no year."}
              </p>
            )}
          </div>
          <div>
            <TextField label="Location" meta={fields.location} required readOnly={saving} />
            <p className="mt-2 text-xs leading-relaxed text-stone">{locationHint(category.id)}</p>
          </div>
          <PriceFields fields={fields} saving={saving} />
        </section>

        <section aria-labelledby="presentation-heading" className={sectionClass}>
          <h2 id="presentation-heading" className={sectionTitle}>
            Presentation
          </h2>
          <fieldset>
            <legend className="mb-2 block text-[0.7rem] font-medium tracking-[0.2em] text-stone uppercase">
              Highlights on the card (up to {MAX_HIGHLIGHTS})
            </legend>
            <div className="grid gap-3 sm:grid-cols-3">
              {highlights.map((highlight, index) => (
                <div key={highlight.key}>
                  <input
                    {...getInputProps(highlight, { type: "text" })}
                    key={highlight.key}
                    readOnly={saving}
                    aria-label={`Highlight ${index + 1}`}
                    placeholder={index === 0 ? "e.g. 5 Bedrooms" : index === 1 ? "e.g. 6,000 sqft" : "e.g. Sea views"}
                    className={`block w-full border bg-white px-4 py-3 text-[0.95rem] focus:border-gold-500 focus:outline-none ${highlight.errors ? "border-red-600" : "border-ink/15"}`}
                  />
                  {highlight.errors?.map((error) => (
                    <p key={error} id={highlight.errorId} className="mt-2 text-sm text-red-700">
                      {error}
                    </p>
                  ))}
                </div>
              ))}
            </div>
            <div id={fields.highlights.errorId} aria-live="polite">
              {fields.highlights.errors?.map((error) => (
                <p key={error} className="mt-2 text-sm text-red-700">
                  {error}
                </p>
              ))}
            </div>
          </fieldset>
          <TextAreaField
            label="Description"
            meta={fields.description}
            rows={9}
            readOnly={saving}
            placeholder="Two to four short paragraphs; line breaks are kept on the page."
          />
          <TextAreaField
            label="Key features (one per line)"
            meta={fields.features}
            rows={6}
            readOnly={saving}
            placeholder={"Private pool\nSea views\nGated community"}
          />
        </section>

        <SpecificationRows form={form} fields={fields} heading={category.detailHeading} saving={saving} />
      </div>

      <PublishingPanel fields={fields} saving={saving} creating={!listingId} />
    </Form>
  );
}
