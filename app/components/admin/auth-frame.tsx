import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Link } from "react-router";

/**
 * The frame of the staff pages outside the admin shell (sign-in, first-run set-up): a deep green brand
 * panel beside an ivory form column; on phones the panel shrinks to a band above the form.
 */
export function AuthFrame({
  siteName,
  eyebrow,
  title,
  intro,
  children,
}: {
  siteName: string;
  eyebrow: string;
  title: string;
  intro: string;
  children: React.ReactNode;
}) {
  return (
    <div className="grid min-h-screen lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside className="relative flex flex-col justify-between overflow-hidden bg-forest-950 px-6 py-6 text-ivory sm:px-12 lg:py-14">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(120%_80%_at_20%_10%,rgb(36_112_90/0.45),transparent_60%)]"
        />
        <Link to="/" className="relative font-display text-2xl tracking-wide text-ivory">
          {siteName}
        </Link>
        <div className="relative hidden lg:block">
          <span className="rule-gold" />
          <p className="mt-8 max-w-sm font-display text-3xl leading-snug text-ivory/90">
            The private office of the collection: listings, media and the words that present them.
          </p>
        </div>
        <p className="relative hidden text-xs tracking-[0.28em] text-gold-300/80 uppercase lg:block">Staff access only</p>
      </aside>
      <main id="main" className="flex items-center justify-center bg-ivory px-6 py-14 sm:px-12">
        <div className="w-full max-w-md">
          <p className="eyebrow">{eyebrow}</p>
          <h1 className="mt-4 font-display text-4xl text-forest-900">{title}</h1>
          <p className="mt-4 text-sm leading-relaxed text-stone">{intro}</p>
          <div className="mt-10">{children}</div>
        </div>
      </main>
    </div>
  );
}

/**
 * A labelled input of a Conform form with its error underneath, tied together for screen readers. A password
 * field never gets a value back from the server (the actions reply with `hideFields`).
 */
export function AuthField({
  label,
  meta,
  type = "text",
  hint,
  ...attributes
}: { label: string; meta: FieldMetadata<string>; type?: "text" | "email" | "password"; hint?: string } & Pick<
  React.InputHTMLAttributes<HTMLInputElement>,
  "autoComplete" | "autoFocus" | "inputMode" | "spellCheck" | "autoCapitalize"
>) {
  const error = meta.errors?.[0];
  const hintId = `${meta.id}-hint`;
  const { key, ...input } = getInputProps(meta, { type });
  const describedBy = [hint ? hintId : "", error ? meta.errorId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={meta.id} className="block text-xs font-medium tracking-[0.18em] text-forest-900 uppercase">
        {label}
      </label>
      <input
        key={key}
        {...input}
        {...attributes}
        aria-describedby={describedBy}
        className={`mt-2 block w-full border bg-white px-4 py-3 text-base text-ink transition-colors duration-200 outline-none focus:border-forest-700 focus-visible:outline-2 ${error ? "border-red-700" : "border-linen"}`}
      />
      {hint ? (
        <p id={hintId} className="mt-2 text-xs text-stone">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={meta.errorId} className="mt-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function FormAlert({ id, children }: { id?: string; children: React.ReactNode }) {
  return (
    <div id={id} role="alert" className="mb-8 border-l-2 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900">
      {children}
    </div>
  );
}
