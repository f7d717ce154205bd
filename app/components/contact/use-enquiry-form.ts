import { useForm, type DefaultValue } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useId, useMemo, useState } from "react";
import { useActionData, useFetcher, useSearchParams } from "react-router";
import type { z } from "zod";
import { answerFromOutcomeParam, ENQUIRY_OUTCOME_PARAM, type EnquiryActionData } from "#app/domain/enquiry-result";
import { newSubmissionId } from "#app/domain/enquiry-schemas";

/**
 * Shared state of the enquiry forms. With JavaScript the form posts through a fetcher (no page
 * load) and the answer is `fetcher.data`; without it the browser posts to the page itself: a failure is
 * rendered as action data (Conform shows the same errors and keeps the values), a success sends the browser
 * back to the page with the outcome in its address (enquiry-action.server.ts).
 */
export function useEnquiryForm<Schema extends z.ZodObject>({
  schema,
  defaultValue,
}: {
  /** Asked for when the form is validated, not before: the schemas are built on first use (domain/enquiry-schemas.ts). */
  schema: () => Schema;
  defaultValue?: DefaultValue<z.input<Schema>>;
}) {
  const fetcher = useFetcher<EnquiryActionData>();
  const actionData = useActionData<EnquiryActionData | undefined>();
  const [searchParams] = useSearchParams();
  const outcomeParam = searchParams.get(ENQUIRY_OUTCOME_PARAM);
  const answerInAddress = useMemo(() => answerFromOutcomeParam(outcomeParam), [outcomeParam]);
  const answer = fetcher.data ?? actionData ?? answerInAddress;
  const pending = fetcher.state !== "idle";
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>, string[]>({
    // The address's answer is not a result to apply: the page it arrives on has a fresh form already.
    lastResult: pending ? undefined : (fetcher.data ?? actionData)?.result,
    defaultValue,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schema() }),
  });
  const submissionIdInput = useId();
  const submissionId = useSubmissionId(submissionIdInput, answer);
  // An answer the fetcher brought (no page load) is new to the visitor: its message takes the focus (FormStatus).
  const answerArrived = !pending && answer !== undefined && answer === fetcher.data;
  return { fetcher, form, fields, answer: pending ? undefined : answer, answerArrived, pending, submissionId, submissionIdInput };
}

/**
 * The form's idempotency key. The server renders one; hydration must keep that very value (it is
 * what a pre-hydration submit would send), so it is read back from the DOM. A new key is made only
 * after a successful send: a failed one keeps its key, so a retry cannot store the enquiry twice.
 */
function useSubmissionId(inputId: string, answer: EnquiryActionData | undefined): string {
  const [submissionId, setSubmissionId] = useState(() => {
    const rendered = typeof document === "undefined" ? null : (document.getElementById(inputId) as HTMLInputElement | null);
    return rendered?.value || newSubmissionId();
  });
  const [seenAnswer, setSeenAnswer] = useState(answer);
  if (answer !== seenAnswer) {
    setSeenAnswer(answer);
    if (answer?.status === "success") setSubmissionId(newSubmissionId());
  }
  return submissionId;
}
