import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { SearchInput } from "#app/components/ui/search-input";
import { findAddressSchema } from "#app/domain/privacy-forms";

/** Finds what is held about an address. A POST, so the address travels in the body and never in a URL (request logs). */
export function PrivacyFindForm({ result, email }: { result?: SubmissionResult<string[]>; email: string }) {
  const busy = useNavigation().formData?.get("intent") === "find";
  const [form, fields] = useForm({
    id: "find-address",
    lastResult: result,
    defaultValue: { email },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: findAddressSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // The search box has its own type (search) and the e-mail keyboard; Conform gives the rest (name, value, errors).
  const { key, type: _type, ...input } = getInputProps(fields.email, { type: "email" });
  return (
    <Form method="post" {...getFormProps(form)} role="search" aria-label="Find an address" className="mt-8">
      <input type="hidden" name="intent" value="find" />
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchInput
          key={key}
          {...input}
          label="E-mail address"
          inputMode="email"
          placeholder="visitor@example.com"
          className="flex-1"
          inputClassName={`h-12 bg-white ${fields.email.errors ? "border-red-700" : "border-linen"}`}
        />
        <button type="submit" disabled={busy} className="btn-primary h-12 disabled:opacity-60">
          {busy ? "Finding..." : "Find"}
        </button>
      </div>
      <div id={fields.email.errorId}>
        {fields.email.errors?.map((error) => (
          <p key={error} className="mt-3 text-sm text-red-800">
            {error}
          </p>
        ))}
      </div>
    </Form>
  );
}
