import { getFormProps } from "@conform-to/react";
import { FormStatus } from "#app/components/ui/form-status";
import { SelectField, TextAreaField, TextField } from "#app/components/ui/form-field";
import { SubmitButton } from "#app/components/ui/form-submit";
import { CONTACT_FAILURE_MESSAGE, successMessage } from "#app/domain/enquiry-result";
import { contactSchema, INTEREST_OPTIONS, TURNSTILE_ACTIONS } from "#app/domain/enquiry-schemas";
import { HoneypotField } from "./honeypot-field";
import { TurnstileWidget } from "./turnstile-widget";
import { useEnquiryForm } from "./use-enquiry-form";

/**
 * The Contact page's message form (spec point 2 and 5). `labelledBy` names its heading, which is also where
 * the page returns after a send without JavaScript (the answer is a new page; the fragment scrolls to it).
 */
export function ContactForm({ labelledBy }: { labelledBy?: string }) {
  // The interest's default is the placeholder's empty value: when Conform resets the form after a send it
  // selects that option again (with no default it deselects every option and the box shows blank).
  const { fetcher, form, fields, answer, answerArrived, pending, submissionId, submissionIdInput } = useEnquiryForm({
    schema: contactSchema,
    defaultValue: { interest: "" },
  });
  // Validation failures found in the browser show the same failure line as those found on the server.
  const hasErrors = Object.values(form.allErrors).some((errors) => errors.length > 0);
  const status = pending ? undefined : hasErrors || answer?.status === "error" ? "error" : answer?.status;
  const details = [...(form.errors ?? []), ...(fields.submission_id.errors ?? [])];

  return (
    <fetcher.Form
      method="post"
      action={labelledBy ? `#${labelledBy}` : undefined}
      {...getFormProps(form)}
      className="relative space-y-6"
      aria-labelledby={labelledBy}
      aria-describedby={status ? `${form.id}-status` : undefined}
    >
      <input type="hidden" id={submissionIdInput} name="submission_id" value={submissionId} />
      <HoneypotField />
      <div className="grid gap-6 sm:grid-cols-2">
        <TextField label="Full name" meta={fields.name} required autoComplete="name" placeholder="Your full name" />
        <TextField label="Email" meta={fields.email} type="email" required autoComplete="email" placeholder="you@example.com" />
      </div>
      <div className="grid gap-6 sm:grid-cols-2">
        <TextField label="Phone (optional)" meta={fields.phone} type="tel" autoComplete="tel" placeholder="+1 555 000 0000" />
        <SelectField label="Area of interest" meta={fields.interest} required options={INTEREST_OPTIONS} placeholder="Select an area of interest" />
      </div>
      <TextAreaField label="Message" meta={fields.message} required rows={4} placeholder="Tell us what you are looking for" />
      <TurnstileWidget action={TURNSTILE_ACTIONS.contact} resetKey={answer} />
      <div id={`${form.id}-status`}>
        {status === "success" && answer?.status === "success" && (
          <FormStatus tone="success" message={successMessage(answer)} takeFocus={answerArrived} />
        )}
        {status === "error" && <FormStatus tone="error" message={CONTACT_FAILURE_MESSAGE} details={details} takeFocus={answerArrived} />}
      </div>
      <SubmitButton pending={pending} label="Send Message" pendingLabel="Sending..." spinner className="sm:w-auto sm:min-w-56" />
    </fetcher.Form>
  );
}
