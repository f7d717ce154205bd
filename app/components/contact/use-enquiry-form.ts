import { useForm, type DefaultValue } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useId, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import type { z } from "zod";
import type { EnquiryActionData } from "#app/domain/enquiry-result";
import { newSubmissionId } from "#app/domain/enquiry-schemas";

/**
 * Shared state of the two enquiry forms. With JavaScript the form posts through a fetcher (no page
 * load) and the answer is `fetcher.data`; without it the browser posts to the page itself and the
 * server renders the answer as action data. Either way Conform shows the same errors and values.
 */
export function useEnquiryForm<Schema extends z.ZodObject>({
  schema,
  defaultValue,
}: {
  schema: Schema;
  defaultValue?: DefaultValue<z.input<Schema>>;
}) {
  const fetcher = useFetcher<EnquiryActionData>();
  const actionData = useActionData<EnquiryActionData | undefined>();
  const answer = fetcher.data ?? actionData;
  const pending = fetcher.state !== "idle";
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>, string[]>({
    lastResult: pending ? undefined : answer?.result,
    defaultValue,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const submissionIdInput = useId();
  const submissionId = useSubmissionId(submissionIdInput, answer);
  return { fetcher, form, fields, answer: pending ? undefined : answer, pending, submissionId, submissionIdInput };
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
