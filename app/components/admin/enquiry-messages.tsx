import { Form } from "react-router";
import { MAIL_KIND_LABELS } from "#app/domain/enquiry-delivery";
import type { EnquiryMessage } from "#app/domain/enquiry-views";
import { DeliveryBadge, formatAdminDate } from "./enquiry-status";
import { countOf } from "#app/domain/plural";

/**
 * The enquiry's e-mails, oldest first, each with its delivery state: sent (when), waiting to retry (next
 * attempt, attempts so far, last error), failed for good (the reason, and Retry now), queued, or not sent.
 */
export function EnquiryMessages({ messages, canSend }: { messages: EnquiryMessage[]; canSend: boolean }) {
  if (messages.length === 0) return <p className="text-sm text-stone">No e-mails belong to this enquiry.</p>;
  return (
    <ol className="space-y-3">
      {messages.map((message) => (
        <li key={message.id} className="border border-linen bg-white/70 p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm font-medium text-forest-900">
              {MAIL_KIND_LABELS[message.kind] ?? message.kind}
              <span className="font-normal text-stone"> to {message.displayRecipient}</span>
            </p>
            <DeliveryBadge state={message.state} />
          </div>
          <DeliveryDetail message={message} canSend={canSend} />
          {message.body ? (
            <div className="mt-3 border-l-2 border-gold-500/50 pl-3">
              {message.authorName ? <p className="text-xs text-stone">Written by {message.authorName}</p> : null}
              <p className="mt-1 text-sm leading-relaxed whitespace-pre-line text-ink">{message.body}</p>
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function DeliveryDetail({ message, canSend }: { message: EnquiryMessage; canSend: boolean }) {
  const attempts = countOf(message.attempts, "attempt");
  switch (message.state) {
    case "sent":
      return <p className="mt-1 text-xs text-stone">Sent {formatAdminDate(message.sentAt!)}</p>;
    case "skipped":
      return <p className="mt-1 text-xs text-stone">Not sent: {message.lastError?.replace(/^skipped: /, "")}</p>;
    case "queued":
      return (
        <p className="mt-1 text-xs text-stone">
          Queued {formatAdminDate(message.createdAt)}
          {canSend ? "; it goes out within seconds." : ". No mail transport is configured, so it waits in the outbox until one is (see the README)."}
        </p>
      );
    case "waiting":
      return (
        <div className="mt-1 text-xs text-stone">
          <p>
            Next attempt {formatAdminDate(message.nextAttemptAt)} · {attempts} so far
          </p>
          {message.lastError ? <p className="mt-1 break-words text-gold-700">Last error: {message.lastError}</p> : null}
        </div>
      );
    case "failed":
      return (
        <div className="mt-1 text-xs">
          <p className="break-words text-red-800">
            Failed for good {formatAdminDate(message.failedAt!)} after {attempts}: {message.lastError}
          </p>
          <Form method="post" preventScrollReset className="mt-2">
            <input type="hidden" name="intent" value="retry" />
            <input type="hidden" name="message" value={message.id} />
            <button
              type="submit"
              className="inline-flex h-9 items-center border border-red-800/60 px-3 text-[0.7rem] font-medium tracking-[0.14em] text-red-800 uppercase hover:bg-red-800 hover:text-ivory"
            >
              Retry now
            </button>
          </Form>
        </div>
      );
  }
}
