import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { noteFormSchema, replyFormSchema, type EnquiryIntent } from "#app/domain/enquiry-admin-forms";
import { PIPELINE_STATUS_LABELS, PIPELINE_STATUSES, type PipelineStatus } from "#app/domain/enquiry-pipeline-status";
import type { StaffOption } from "#app/domain/enquiry-views";

/** What the enquiry page's action answers: which form, and Conform's result for it. */
export type EnquiryActionResult = { intent: EnquiryIntent; result: SubmissionResult<string[]>; notice?: string };

const LABEL = "block text-[0.68rem] font-medium tracking-[0.16em] text-stone uppercase";
const CONTROL = "mt-1.5 h-11 w-full border border-linen bg-white px-3 text-sm text-ink outline-none focus:border-forest-700";
const SMALL_BUTTON =
  "inline-flex h-11 items-center justify-center border border-forest-900 px-4 text-[0.72rem] font-medium tracking-[0.16em] text-forest-900 uppercase transition-colors hover:bg-forest-900 hover:text-ivory disabled:opacity-60";

function useBusy(intent: EnquiryIntent) {
  return useNavigation().formData?.get("intent") === intent;
}

function Notice({ answer, intent }: { answer?: EnquiryActionResult; intent: EnquiryIntent }) {
  if (answer?.intent !== intent || !answer.notice) return null;
  return (
    <p role="status" className="mt-2 text-sm text-forest-700">
      {answer.notice}
    </p>
  );
}

function FormErrors({ answer, intent }: { answer?: EnquiryActionResult; intent: EnquiryIntent }) {
  const errors = answer?.intent === intent ? Object.values(answer.result.error ?? {}).flat() : [];
  if (!errors.length) return null;
  return (
    <p role="alert" className="mt-2 text-sm text-red-800">
      {errors.join(" ")}
    </p>
  );
}

/** Pipeline status: a select and Save (a plain POST, so it works without JavaScript). */
export function StatusForm({ status, answer }: { status: PipelineStatus; answer?: EnquiryActionResult }) {
  const busy = useBusy("status");
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="status" />
      <label htmlFor="enquiry-status" className={LABEL}>
        Status
      </label>
      <div className="flex gap-2">
        <select id="enquiry-status" name="status" defaultValue={status} key={status} className={CONTROL}>
          {PIPELINE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {PIPELINE_STATUS_LABELS[value]}
            </option>
          ))}
        </select>
        <button type="submit" disabled={busy} className={`${SMALL_BUTTON} mt-1.5`}>
          {busy ? "Saving..." : "Save"}
        </button>
      </div>
      <FormErrors answer={answer} intent="status" />
      <Notice answer={answer} intent="status" />
    </Form>
  );
}

export function AssigneeForm({ assigneeId, staff, answer }: { assigneeId: string | null; staff: StaffOption[]; answer?: EnquiryActionResult }) {
  const busy = useBusy("assign");
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="assign" />
      <label htmlFor="enquiry-assignee" className={LABEL}>
        Assignee
      </label>
      <div className="flex gap-2">
        <select id="enquiry-assignee" name="assignee" defaultValue={assigneeId ?? ""} key={assigneeId ?? ""} className={CONTROL}>
          <option value="">Nobody</option>
          {staff.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name || member.email}
            </option>
          ))}
        </select>
        <button type="submit" disabled={busy} className={`${SMALL_BUTTON} mt-1.5`}>
          {busy ? "Saving..." : "Save"}
        </button>
      </div>
      <FormErrors answer={answer} intent="assign" />
      <Notice answer={answer} intent="assign" />
    </Form>
  );
}

/** A textarea form (note or reply) validated by its zod schema in the browser and again by the action. */
function TextForm({
  intent,
  schema,
  answer,
  label,
  hint,
  rows,
  submitLabel,
  busyLabel,
}: {
  intent: "note" | "reply";
  schema: typeof noteFormSchema | typeof replyFormSchema;
  answer?: EnquiryActionResult;
  label: string;
  hint?: string;
  rows: number;
  submitLabel: string;
  busyLabel: string;
}) {
  const busy = useBusy(intent);
  const [form, fields] = useForm({
    id: `enquiry-${intent}`,
    lastResult: answer?.intent === intent ? answer.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const errors = fields.body.errors ?? [];
  const { key, ...textarea } = getTextareaProps(fields.body);
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      <label htmlFor={fields.body.id} className={LABEL}>
        {label}
      </label>
      {hint ? (
        <p id={`${fields.body.id}-hint`} className="mt-1 text-xs text-stone">
          {hint}
        </p>
      ) : null}
      <textarea
        key={key}
        {...textarea}
        aria-describedby={[hint ? `${fields.body.id}-hint` : "", errors.length ? fields.body.errorId : ""].filter(Boolean).join(" ") || undefined}
        rows={rows}
        className={`mt-1.5 block w-full resize-y border bg-white px-3 py-2.5 text-sm leading-relaxed text-ink outline-none focus:border-forest-700 ${errors.length ? "border-red-700" : "border-linen"}`}
      />
      <div id={fields.body.errorId}>
        {errors.map((error) => (
          <p key={error} className="mt-2 text-sm text-red-800">
            {error}
          </p>
        ))}
      </div>
      <Notice answer={answer} intent={intent} />
      <button type="submit" disabled={busy} className="btn-primary mt-3 disabled:opacity-60">
        {busy ? busyLabel : submitLabel}
      </button>
    </Form>
  );
}

export function NoteForm({ answer }: { answer?: EnquiryActionResult }) {
  return (
    <TextForm
      intent="note"
      schema={noteFormSchema}
      answer={answer}
      label="Add a note"
      hint="For the team only: a call, a meeting, what the buyer needs. Never sent to the visitor."
      rows={3}
      submitLabel="Add note"
      busyLabel="Adding..."
    />
  );
}

/** `email` is only the label's text, the address as staff read it: the server sends the reply to the stored address. */
export function ReplyForm({ answer, email }: { answer?: EnquiryActionResult; email: string }) {
  return (
    <TextForm
      intent="reply"
      schema={replyFormSchema}
      answer={answer}
      label={`Reply to ${email}`}
      hint="Sent from the site's address through the outbox, in the same thread as the acknowledgement, with the visitor's message quoted below it."
      rows={6}
      submitLabel="Send reply"
      busyLabel="Sending..."
    />
  );
}
