import { getFormProps } from "@conform-to/react";
import { HoneypotField } from "#app/components/contact/honeypot-field";
import { TurnstileWidget } from "#app/components/contact/turnstile-widget";
import { useEnquiryForm } from "#app/components/contact/use-enquiry-form";
import { ChoiceField, SelectField, TextAreaField, TextField } from "#app/components/ui/form-field";
import { FormStatus } from "#app/components/ui/form-status";
import { SubmitButton } from "#app/components/ui/form-submit";
import { listingFailureMessage, successMessage } from "#app/domain/enquiry-result";
import { CONTACT_METHODS, DEFAULT_CONTACT_METHOD, DEFAULT_INTENT, ENQUIRY_INTENTS, type EnquiryIntent } from "#app/domain/enquiry-intents";
import { defaultEnquiryMessage, listingEnquirySchemaFor, TURNSTILE_ACTIONS } from "#app/domain/enquiry-schemas";

const ENQUIRY_ANCHOR = "enquiry";
const METHOD_OPTIONS = Object.entries(CONTACT_METHODS).map(([value, label]) => ({ value, label }));

/**
 * The detail page's enquiry form (spec points 2 and 5). It posts to the detail page itself, whose
 * action is enquiryAction; the interest is derived there from the URL. `listingPath` names the page
 * for readers of the markup; the server trusts only the URL it was posted to. `intents` are the next steps
 * the listing's category offers; left at its first option the enquiry asks for more information.
 */
export function EnquiryForm({
  listingTitle,
  listingPath,
  intents,
}: {
  listingTitle: string;
  listingPath: string;
  intents: readonly EnquiryIntent[];
}) {
  const { fetcher, form, fields, answer, answerArrived, pending, submissionId, submissionIdInput } = useEnquiryForm({
    schema: () => listingEnquirySchemaFor(intents),
    // The next step defaults to the placeholder's empty value, so a reset after a send selects it again.
    defaultValue: { message: defaultEnquiryMessage(listingTitle), intent: "", contact_method: DEFAULT_CONTACT_METHOD },
  });
  const intentOptions = intents.filter((intent) => intent !== DEFAULT_INTENT).map((intent) => ({ value: intent, label: ENQUIRY_INTENTS[intent] }));
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
      <h2 id={ENQUIRY_ANCHOR} className="scroll-mt-28 font-display text-xl text-forest-900">
        Enquire about this listing
      </h2>
      {/* The answer sits under the heading: a page reopened at the form's anchor (no JavaScript) shows it at once,
          however tall the form is. */}
      <div aria-live="polite">
        {answer?.status === "success" && <FormStatus tone="success" message={successMessage(answer)} takeFocus={answerArrived} />}
        {answer?.status === "error" && (
          <FormStatus tone="error" message={listingFailureMessage(answer.result)} details={details} takeFocus={answerArrived} />
        )}
      </div>
      <input type="hidden" id={submissionIdInput} name="submission_id" value={submissionId} />
      <HoneypotField />
      <TextField label="Name" meta={fields.name} required autoComplete="name" />
      <TextField label="Email" meta={fields.email} type="email" required autoComplete="email" />
      <TextField label="Phone (optional)" meta={fields.phone} type="tel" autoComplete="tel" />
      <SelectField label="Next step" meta={fields.intent} options={intentOptions} placeholder={ENQUIRY_INTENTS[DEFAULT_INTENT]} />
      <ChoiceField label="Preferred contact" meta={fields.contact_method} options={METHOD_OPTIONS} />
      <TextField label="Best time to reach you (optional)" meta={fields.contact_time} placeholder="e.g. weekdays after 6 pm, Dubai time" />
      <TextAreaField label="Message" meta={fields.message} required rows={4} />
      <TurnstileWidget action={TURNSTILE_ACTIONS.listing} resetKey={answer} />
      <SubmitButton pending={pending} label="Contact Agent" pendingLabel="Sending..." />
    </fetcher.Form>
  );
}
