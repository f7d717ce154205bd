import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { SelectField, TextAreaField, TextField } from "#app/components/ui/form-field";
import { newContentBlockSchema } from "#app/domain/content-block-forms";
import { CONTENT_CATEGORIES, CONTENT_TYPE_LABELS, CONTENT_TYPES } from "#app/domain/site-content";

const TYPE_OPTIONS = CONTENT_TYPES.map((type) => ({ value: type, label: CONTENT_TYPE_LABELS[type] }));
const CATEGORY_OPTIONS = CONTENT_CATEGORIES.map((category) => ({ value: category.id, label: category.label }));

/**
 * The 'New Content Block' form: key, type, category (domain/site-content.ts) and optional content, checked by
 * the schema the action uses too. A plain form: without JavaScript the server's answer keeps what was typed.
 */
export function NewContentBlockForm({ result }: { result?: SubmissionResult<string[]> }) {
  const submitting = useNavigation().formData?.get("intent") === "create";
  const [form, fields] = useForm({
    id: "new-content-block",
    lastResult: result,
    defaultValue: { type: "text", category: "home" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newContentBlockSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  return (
    <section aria-labelledby="new-block-heading" className="mt-8 border border-gold-500/40 bg-white/80 p-6 sm:p-8">
      <h2 id="new-block-heading" className="font-display text-2xl text-forest-900">
        New Content Block
      </h2>
      <Form method="post" action="/edit/content" {...getFormProps(form)} className="mt-6 grid gap-6 md:grid-cols-3">
        <input type="hidden" name="intent" value="create" />
        <TextField label="Key" meta={fields.key} required autoComplete="off" placeholder="e.g. home-hero-title" />
        <SelectField label="Type" meta={fields.type} options={TYPE_OPTIONS} placeholder="Choose a type" required />
        <SelectField label="Category" meta={fields.category} options={CATEGORY_OPTIONS} placeholder="Choose a category" required />
        <TextAreaField label="Content (optional for images: upload one after creating)" meta={fields.content} className="md:col-span-3" />
        <div className="flex gap-4 md:col-span-3">
          <button type="submit" className="btn-primary disabled:opacity-60" disabled={submitting}>
            {submitting ? "Creating..." : "Create Block"}
          </button>
          <Link
            to="/edit/content"
            replace
            preventScrollReset
            className="px-4 py-3 text-xs tracking-[0.16em] text-stone uppercase hover:text-forest-900"
          >
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}
