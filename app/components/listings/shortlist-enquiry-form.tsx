import { getFormProps } from "@conform-to/react";
import { HoneypotField } from "#app/components/contact/honeypot-field";
import { TurnstileWidget } from "#app/components/contact/turnstile-widget";
import { useEnquiryForm } from "#app/components/contact/use-enquiry-form";
import { ChoiceField, TextAreaField, TextField } from "#app/components/ui/form-field";
import { FormStatus } from "#app/components/ui/form-status";
import { SubmitButton } from "#app/components/ui/form-submit";
import { CONTACT_METHODS, DEFAULT_CONTACT_METHOD } from "#app/domain/enquiry-intents";
import { listingFailureMessage, successMessage } from "#app/domain/enquiry-result";
import { shortlistEnquirySchema, TURNSTILE_ACTIONS } from "#app/domain/enquiry-schemas";
import { agreeing, countOf } from "#app/domain/plural";

const ANCHOR = "shortlist-enquiry";
const METHOD_OPTIONS = Object.entries(CONTACT_METHODS).map(([value, label]) => ({ value, label }));
export const SHORTLIST_DEFAULT_MESSAGE = "I would like more information about the listings on my shortlist.";

/**
 * One enquiry about the whole shortlist. It posts to the shortlist page, whose action reads the list from the
 * visitor's cookie and adds every listing (title and address) to the message staff receive.
 */
export function ShortlistEnquiryForm({ count, sold = [] }: { count: number; sold?: string[] }) {
  const { fetcher, form, fields, answer, answerArrived, pending, submissionId, submissionIdInput } = useEnquiryForm({
    schema: shortlistEnquirySchema,
    defaultValue: { message: SHORTLIST_DEFAULT_MESSAGE, contact_method: DEFAULT_CONTACT_METHOD },
  });
  const details = [...(form.errors ?? []), ...(fields.submission_id.errors ?? [])];
  return (
    <fetcher.Form method="post" action={`/shortlist#${ANCHOR}`} {...getFormProps(form)} className="space-y-5" aria-labelledby={ANCHOR}>
      <h2 id={ANCHOR} className="scroll-mt-28 font-display text-2xl text-forest-900">
        Enquire about your shortlist
      </h2>
      <p className="text-sm leading-relaxed text-stone">
        {`One message about ${count === 1 ? (sold.length ? "the listing still for sale" : "this listing") : `${count === 2 ? "both listings" : `all ${countOf(count, "listing")}`}${sold.length ? " still for sale" : ""}`}: our concierge receives the list with your words.`}
      </p>
      {sold.length ? (
        <p className="border-l-2 border-gold-500/60 pl-3 text-sm leading-relaxed text-stone" data-testid="shortlist-sold-note">
          {`Not included, as ${agreeing(sold.length, "it has", "they have")} been sold: ${sold.join(", ")}.`}
        </p>
      ) : null}
      <input type="hidden" id={submissionIdInput} name="submission_id" value={submissionId} />
      <HoneypotField />
      <TextField label="Name" meta={fields.name} required autoComplete="name" />
      <TextField label="Email" meta={fields.email} type="email" required autoComplete="email" />
      <TextField label="Phone (optional)" meta={fields.phone} type="tel" autoComplete="tel" />
      <ChoiceField label="Preferred contact" meta={fields.contact_method} options={METHOD_OPTIONS} />
      <TextField label="Best time to reach you (optional)" meta={fields.contact_time} placeholder="e.g. weekdays after 6 pm, Dubai time" />
      <TextAreaField label="Message" meta={fields.message} required rows={4} />
      <TurnstileWidget action={TURNSTILE_ACTIONS.shortlist} resetKey={answer} />
      <div aria-live="polite">
        {answer?.status === "success" && <FormStatus tone="success" message={successMessage(answer)} takeFocus={answerArrived} />}
        {answer?.status === "error" && (
          <FormStatus tone="error" message={listingFailureMessage(answer.result)} details={details} takeFocus={answerArrived} />
        )}
      </div>
      <SubmitButton pending={pending} label="Send Enquiry" pendingLabel="Sending..." />
    </fetcher.Form>
  );
}
