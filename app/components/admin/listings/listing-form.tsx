import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { SelectField, TextAreaField, TextField } from "#app/components/ui/form-field";
import { CATEGORIES, CATEGORY_LIST } from "#app/domain/categories";
import { isCategoryId } from "#app/domain/category-ids";
import {
  listingFormSchema,
  locationHint,
  MAX_HIGHLIGHTS,
  type ListingConflict,
  type ListingFormDefaults,
  type ListingFormValues,
} from "#app/domain/listing-editor";
import { ConflictNotice, FormProblems, PriceFields, PublishingPanel, SpecificationRows, type ListingFormInput } from "./listing-form-parts";

type ListingFormProps = {
  /** The listing's id when editing; undefined when creating. */
  listingId?: string;
  defaults: ListingFormDefaults;
  lastResult?: SubmissionResult<string[]>;
  conflict?: ListingConflict;
};

const sectionClass = "space-y-6 border border-linen bg-white/70 p-6 sm:p-8";
const sectionTitle = "font-display text-xl text-forest-900";

/**
 * The listing editor's form: one zod schema (domain/listing-editor.ts) checked here as staff type and again on
 * the server. It posts with or without JavaScript; on an error the server answers with everything typed, and
 * a save from an outdated copy is refused with a notice (no silent overwrite).
 */
export function ListingForm({ listingId, defaults, lastResult, conflict }: ListingFormProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("_action") === "save";
  const [form, fields] = useForm<ListingFormInput, ListingFormValues, string[]>({
    id: `listing-${listingId ?? "new"}`,
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: listingFormSchema }),
  });
  const categoryValue = fields.category.value ?? defaults.category;
  const category = CATEGORIES[isCategoryId(categoryValue) ? categoryValue : defaults.category];
  const highlights = fields.highlights.getFieldList();

  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_20rem]">
      <input type="hidden" name="_action" value="save" />
      {/* Enter in a field saves: the first submit button of a form is its default, and the rows' remove buttons come before Save. */}
      <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only">
        Save
      </button>
      {defaults.version ? <input {...getInputProps(fields.version, { type: "hidden" })} key={fields.version.key} /> : null}

      <div className="min-w-0 space-y-8">
        {conflict ? <ConflictNotice conflict={conflict} listingId={listingId} /> : <FormProblems errors={form.errors} />}

        <section aria-labelledby="essentials-heading" className={sectionClass}>
          <h2 id="essentials-heading" className={sectionTitle}>
            Essentials
          </h2>
          <TextField label="Title" meta={fields.title} required />
          <div>
            <TextField label="Web address" meta={fields.slug} placeholder="made from the title" />
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
              <TextField label="Year" meta={fields.year as never} inputMode="text" placeholder="e.g. 2019" />
            ) : (
              <p className="self-end pb-3 text-xs text-stone">
                {typeof category.yearFrom === "object"
                  ? `${category.name} states its ${category.yearFrom.specification} among the specifications.`
                  : "This category has no year."}
              </p>
            )}
          </div>
          <div>
            <TextField label="Location" meta={fields.location} required />
            <p className="mt-2 text-xs leading-relaxed text-stone">{locationHint(category.id)}</p>
          </div>
          <PriceFields form={form} fields={fields} />
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
            placeholder="Two to four short paragraphs; line breaks are kept on the page."
          />
          <TextAreaField
            label="Key features (one per line)"
            meta={fields.features}
            rows={6}
            placeholder={"Private pool\nSea views\nGated community"}
          />
        </section>

        <SpecificationRows form={form} fields={fields} heading={category.detailHeading} />
      </div>

      <PublishingPanel fields={fields} saving={saving} creating={!listingId} />
    </Form>
  );
}
