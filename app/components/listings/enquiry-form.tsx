import { getFormProps } from "@conform-to/react";
import { HoneypotField } from "#app/components/contact/honeypot-field";
import { TurnstileWidget } from "#app/components/contact/turnstile-widget";
import { useEnquiryForm } from "#app/components/contact/use-enquiry-form";
import { TextAreaField, TextField } from "#app/components/ui/form-field";
import { FormStatus } from "#app/components/ui/form-status";
import { SubmitButton } from "#app/components/ui/form-submit";
import { LISTING_FAILURE_MESSAGE, successMessage } from "#app/domain/enquiry-result";
import { defaultEnquiryMessage, listingEnquirySchema, TURNSTILE_ACTIONS } from "#app/domain/enquiry-schemas";

const ENQUIRY_ANCHOR = "enquiry";

/**
 * The detail page's enquiry form (spec points 2 and 5). It posts to the detail page itself, whose
 * action is enquiryAction; the interest is derived there from the URL. `listingPath` names the page
 * for readers of the markup; the server trusts only the URL it was posted to.
 */
export function EnquiryForm({ listingTitle, listingPath }: { listingTitle: string; listingPath: string }) {
  const { fetcher, form, fields, answer, pending, submissionId, submissionIdInput } = useEnquiryForm({
    schema: listingEnquirySchema,
    defaultValue: { message: defaultEnquiryMessage(listingTitle) },
  });
  const details = [...(form.errors ?? []), ...(fields.submission_id.errors ?? [])];

  return (
    <fetcher.Form
      method="post"
      // Without JavaScript the answer is a new page: the fragment brings the visitor back to this form.
      action={`#${ENQUIRY_ANCHOR}`}
      {...getFormProps(form)}
      className="relative space-y-5"
      aria-labelledby={ENQUIRY_ANCHOR}
      data-listing={listingPath}
    >
      <h2 id={ENQUIRY_ANCHOR} className="font-display text-xl text-forest-900">
        Enquire about this listing
      </h2>
      <input type="hidden" id={submissionIdInput} name="submission_id" value={submissionId} />
      <HoneypotField />
      <TextField label="Name" meta={fields.name} required autoComplete="name" />
      <TextField label="Email" meta={fields.email} type="email" required autoComplete="email" />
      <TextField label="Phone (optional)" meta={fields.phone} type="tel" autoComplete="tel" />
      <TextAreaField label="Message" meta={fields.message} required rows={4} />
      <TurnstileWidget action={TURNSTILE_ACTIONS.listing} resetKey={answer} />
      <div aria-live="polite">
        {answer?.status === "success" && <FormStatus tone="success" message={successMessage(answer)} />}
        {answer?.status === "error" && <FormStatus tone="error" message={LISTING_FAILURE_MESSAGE} details={details} />}
      </div>
      <SubmitButton pending={pending} label="Contact Agent" pendingLabel="Sending..." />
    </fetcher.Form>
  );
}
