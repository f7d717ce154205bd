import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { eraseAddressSchema } from "#app/domain/privacy-forms";

const LABEL = "block text-[0.68rem] font-medium tracking-[0.16em] text-stone uppercase";

/** Erases everything held about the address found, once the address is typed again. Keyed by the address by its caller. */
export function PrivacyEraseForm({ email, result }: { email: string; result?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "erase-address",
    lastResult: result,
    defaultValue: { email },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: eraseAddressSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="border border-red-800/30 bg-white/70 p-5 sm:p-6">
      <input type="hidden" name="intent" value="erase" />
      <h3 className="font-display text-xl text-red-900">Erase on request</h3>
      <p className="mt-2 text-sm text-stone">
        Deletes every enquiry from this address with its e-mails and notes, for good. To confirm, type the address once more below.
      </p>
      <input {...getInputProps(fields.email, { type: "hidden" })} key={fields.email.key} />
      <label htmlFor={fields.confirm.id} className={`${LABEL} mt-4`}>
        Confirm the address
      </label>
      <input
        {...getInputProps(fields.confirm, { type: "email" })}
        key={fields.confirm.key}
        autoComplete="off"
        className={`mt-1.5 h-11 w-full border bg-white px-3 text-sm outline-none focus:border-forest-700 sm:max-w-md ${fields.confirm.errors ? "border-red-700" : "border-linen"}`}
      />
      <div id={fields.confirm.errorId}>
        {[...(fields.confirm.errors ?? []), ...(fields.email.errors ?? [])].map((error) => (
          <p key={error} className="mt-2 text-sm text-red-800">
            {error}
          </p>
        ))}
      </div>
      <button
        type="submit"
        className="mt-4 inline-flex h-11 items-center border border-red-800 bg-red-800 px-5 text-[0.72rem] font-medium tracking-[0.16em] text-ivory uppercase hover:bg-red-900"
      >
        Erase everything about this address
      </button>
    </Form>
  );
}
