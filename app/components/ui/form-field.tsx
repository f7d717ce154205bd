import { getCollectionProps, getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";

/**
 * Labelled form controls for Conform fields: the error sits under the field, the border turns red,
 * and the control points at the message (aria-describedby) so screen readers announce it.
 */
type FieldProps = {
  label: string;
  meta: FieldMetadata<string | undefined>;
  /** Set the browser's `required` attribute (spec point 5 says which fields carry it). */
  required?: boolean;
  /** Shown and sent, but not typed in (a save on its way: the form is about to start over from the saved values). */
  readOnly?: boolean;
  className?: string;
};

const CONTROL =
  "block w-full border bg-white px-4 py-3 text-[0.95rem] text-ink placeholder:text-stone/70 transition-[border-color,box-shadow] duration-200 ease-[var(--ease-luxe)] focus:outline-none focus-visible:outline-none";

function controlClass(invalid: boolean) {
  return `${CONTROL} ${invalid ? "border-red-600 focus:border-red-700 focus:shadow-[0_0_0_1px_var(--color-red-700)]" : "border-ink/15 hover:border-ink/30 focus:border-gold-500 focus:shadow-[0_0_0_1px_var(--color-gold-500)]"}`;
}

function FieldShell({ label, meta, required, className = "", children }: FieldProps & { children: React.ReactNode }) {
  const errors = meta.errors ?? [];
  return (
    <div className={className}>
      <label htmlFor={meta.id} className="mb-2 block text-[0.7rem] font-medium uppercase tracking-[0.2em] text-stone">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-1 text-gold-700">
            *
          </span>
        )}
      </label>
      {children}
      <div id={meta.errorId} aria-live="polite">
        {errors.map((error) => (
          <p key={error} className="mt-2 text-sm text-red-700">
            {error}
          </p>
        ))}
      </div>
    </div>
  );
}

export function TextField({
  type = "text",
  autoComplete,
  inputMode,
  placeholder,
  ...props
}: FieldProps & {
  type?: "text" | "email" | "tel" | "password";
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "numeric";
  placeholder?: string;
}) {
  const { key, ...input } = getInputProps(props.meta, { type });
  return (
    <FieldShell {...props}>
      <input
        key={key}
        {...input}
        required={props.required}
        readOnly={props.readOnly}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        className={controlClass(Boolean(props.meta.errors?.length))}
      />
    </FieldShell>
  );
}

export function TextAreaField({ rows = 4, placeholder, ...props }: FieldProps & { rows?: number; placeholder?: string }) {
  const { key, ...textarea } = getTextareaProps(props.meta);
  return (
    <FieldShell {...props}>
      <textarea
        key={key}
        {...textarea}
        required={props.required}
        readOnly={props.readOnly}
        rows={rows}
        placeholder={placeholder}
        className={`${controlClass(Boolean(props.meta.errors?.length))} resize-y`}
      />
    </FieldShell>
  );
}

export function SelectField({
  options,
  placeholder,
  ...props
}: FieldProps & { options: readonly { value: string; label: string }[]; placeholder: string }) {
  const { key, ...select } = getSelectProps(props.meta);
  return (
    <FieldShell {...props}>
      <select key={key} {...select} required={props.required} className={`${controlClass(Boolean(props.meta.errors?.length))} select-chevron`}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** A small set of mutually exclusive choices shown side by side (radio buttons styled as a segmented control). */
export function ChoiceField({
  label,
  meta,
  options,
  className = "",
}: Omit<FieldProps, "required"> & { options: readonly { value: string; label: string }[] }) {
  const errors = meta.errors ?? [];
  const labels = new Map(options.map((option) => [option.value, option.label]));
  const radios = getCollectionProps(meta, { type: "radio", options: options.map((option) => option.value) });
  return (
    <fieldset className={className}>
      <legend className="mb-2 block text-[0.7rem] font-medium uppercase tracking-[0.2em] text-stone">{label}</legend>
      <div className="grid auto-cols-fr grid-flow-col border border-ink/15 bg-white">
        {radios.map(({ key, ...radio }) => (
          <label
            key={key}
            className="relative flex cursor-pointer items-center justify-center px-2 py-2.5 text-sm text-ink/80 transition-colors not-first:border-l not-first:border-ink/15 has-checked:bg-forest-900 has-checked:text-ivory has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-gold-500"
          >
            <input {...radio} className="sr-only" />
            {labels.get(radio.value)}
          </label>
        ))}
      </div>
      <div id={meta.errorId} aria-live="polite">
        {errors.map((error) => (
          <p key={error} className="mt-2 text-sm text-red-700">
            {error}
          </p>
        ))}
      </div>
    </fieldset>
  );
}
