import { Form, Link, useNavigation } from "react-router";
import { CONTENT_CATEGORIES, CONTENT_TYPE_LABELS, CONTENT_TYPES } from "#app/domain/site-content";

type CreateResult = { values: Record<string, string>; fieldErrors: Partial<Record<"key" | "type" | "category" | "content", string[]>> };

const inputClass = "mt-2 block w-full border bg-white px-4 py-3 text-sm outline-none focus:border-forest-700";

/** The 'New Content Block' form: key, type, category (domain/site-content.ts) and optional content. */
export function NewContentBlockForm({ result }: { result?: CreateResult }) {
  const submitting = useNavigation().formData?.get("intent") === "create";
  const errors = result?.fieldErrors ?? {};
  const values = result?.values ?? {};
  const field = (name: keyof CreateResult["fieldErrors"]) => ({
    id: `new-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `new-${name}-error` : undefined,
    className: `${inputClass} ${errors[name] ? "border-red-700" : "border-linen"}`,
  });
  const error = (name: keyof CreateResult["fieldErrors"]) =>
    errors[name] ? (
      <p id={`new-${name}-error`} className="mt-2 text-sm text-red-800">
        {errors[name][0]}
      </p>
    ) : null;
  const label = "block text-xs font-medium tracking-[0.16em] text-forest-900 uppercase";

  return (
    <section aria-labelledby="new-block-heading" className="mt-8 border border-gold-500/40 bg-white/80 p-6 sm:p-8">
      <h2 id="new-block-heading" className="font-display text-2xl text-forest-900">
        New Content Block
      </h2>
      <Form method="post" action="/edit/content" className="mt-6 grid gap-6 md:grid-cols-3">
        <input type="hidden" name="intent" value="create" />
        <div>
          <label htmlFor="new-key" className={label}>
            Key
          </label>
          <input {...field("key")} required defaultValue={values.key} placeholder="e.g. home-hero-title" autoComplete="off" />
          {error("key")}
        </div>
        <div>
          <label htmlFor="new-type" className={label}>
            Type
          </label>
          <select {...field("type")} defaultValue={values.type ?? "text"}>
            {CONTENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {CONTENT_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
          {error("type")}
        </div>
        <div>
          <label htmlFor="new-category" className={label}>
            Category
          </label>
          <select {...field("category")} defaultValue={values.category ?? "home"}>
            {CONTENT_CATEGORIES.map((category) => (
              <option key={category.id} value={category.id}>
                {category.label}
              </option>
            ))}
          </select>
          {error("category")}
        </div>
        <div className="md:col-span-3">
          <label htmlFor="new-content" className={label}>
            Content (optional for images: upload one after creating)
          </label>
          <textarea {...field("content")} rows={4} defaultValue={values.content} />
          {error("content")}
        </div>
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
