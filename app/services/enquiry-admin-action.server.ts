import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { RequestServices } from "#app/db/context";
import { enquiryActionSchema } from "#app/domain/enquiry-admin-forms";
import {
  addEnquiryNote,
  assignEnquiry,
  AssigneeError,
  EnquiryNotFoundError,
  queueEnquiryReply,
  retryEnquiryMessage,
  setPipelineStatus,
} from "#app/models/enquiries-admin.server";
import type { StaffUser } from "./auth.server";

/**
 * The actions of an enquiry's admin page (status, assignee, note, reply, retry an e-mail), each a plain form
 * POST validated by its schema. Answers Conform's result for the form that was sent, with a short notice.
 */
export async function handleEnquiryAction(services: RequestServices, user: StaffUser, enquiryId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: enquiryActionSchema });
  const posted = formData.get("intent");
  const intent = typeof posted === "string" ? posted : "";
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply() }, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  const value = submission.value;
  const answer = (notice: string, reset = false) => ({ intent: value.intent, result: submission.reply({ resetForm: reset }), notice });
  const refuse = (message: string, status = 400) =>
    data({ intent: value.intent, result: submission.reply({ formErrors: [message] }) }, { status, headers: { "Cache-Control": "no-store" } });
  try {
    switch (value.intent) {
      case "status":
        return answer((await setPipelineStatus(services.db, user, enquiryId, value.status)) ? "Status saved." : "The status was already that.");
      case "assign":
        return answer((await assignEnquiry(services.db, user, enquiryId, value.assignee)) ? "Assignee saved." : "Nothing changed.");
      case "note":
        await addEnquiryNote(services.db, user, enquiryId, value.body);
        services.changes.emitLocal("enquiries", "note");
        return answer("Note added.", true);
      case "reply": {
        await queueEnquiryReply(services.db, user, enquiryId, value.body, services.env.siteUrl);
        services.outbox.wake();
        return answer(
          services.outbox.canSend ? "Reply queued: it goes out within seconds." : "Reply stored in the outbox: no mail transport is configured yet.",
          true,
        );
      }
      case "retry":
        if (!(await retryEnquiryMessage(services.db, user, enquiryId, value.message)))
          return refuse("This e-mail is not waiting for a retry by hand.", 409);
        services.outbox.wake();
        return answer("The e-mail is queued again.");
    }
  } catch (error) {
    if (error instanceof EnquiryNotFoundError) return refuse(error.message, 404);
    if (error instanceof AssigneeError) return refuse(error.message);
    throw error;
  }
}
