import type { Database } from "#app/db/client.server";
import type { Env } from "#app/env.server";
import { claimDueMessages, retryDelaySeconds, type ClaimedMessage } from "#app/models/outbox.server";
import { markSent, recordFailure, refreshSubmissionStatus } from "#app/models/submissions.server";
import { logger as defaultLogger } from "#app/services/logger.server";
import { composeMail, isEnquiryMailKind } from "./mail-kinds.server";
import type { MailTransport } from "./transport.server";

export type OutboxWorkerOptions = {
  db: Database;
  env: Env;
  transport: MailTransport;
  pollSeconds?: number;
  leaseSeconds?: number;
  batchSize?: number;
  logger?: Pick<typeof defaultLogger, "info" | "warn" | "error">;
};

export type OutboxWorker = {
  /** Look for due messages now instead of at the next poll (called right after an enquiry is stored). */
  wake(): void;
  /** One full pass; resolves when nothing due is left. Exposed for tests and scripts. */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
};

type Delivered = { message: ClaimedMessage; skipped?: string };

/**
 * Sends what the outbox holds: claims due messages with a lease, sends each, records the result.
 * A failure leaves the enquiry in status error and retries with backoff. A message that went out
 * while the database was unreachable is remembered here and recorded as soon as it is back, rather
 * than sent a second time.
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, env, transport, pollSeconds = env.OUTBOX_POLL_SECONDS, leaseSeconds = env.OUTBOX_LEASE_SECONDS, batchSize = 10 } = options;
  const log = options.logger ?? defaultLogger;
  const unrecorded = new Map<string, Delivered>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function flushUnrecorded() {
    for (const [id, delivered] of unrecorded) {
      await markSent(db, id, delivered.skipped);
      unrecorded.delete(id);
    }
    // Repairs enquiries whose flags a crash or an outage left behind after their messages were marked.
    await refreshSubmissionStatus(db);
  }

  async function deliver(claimed: ClaimedMessage) {
    const { outbox } = claimed;
    const enquiryId = outbox.submissionId && isEnquiryMailKind(outbox.kind) ? outbox.submissionId : null;
    let delivered: Delivered;
    try {
      if (transport.cannotSend?.(outbox.kind)) {
        delivered = { message: claimed, skipped: `skipped: the ${transport.name} transport has no way to send a ${outbox.kind}` };
      } else {
        await transport.send(composeMail({ env, ...claimed }));
        delivered = { message: claimed };
      }
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      const retryIn = retryDelaySeconds(outbox.attempts + 1);
      log.warn(
        { outboxId: outbox.id, submissionId: outbox.submissionId, kind: outbox.kind, attempt: outbox.attempts + 1, retryIn, err: text },
        "sending an enquiry e-mail failed; will retry",
      );
      await recordFailure(db, outbox.id, enquiryId, text, retryIn).catch((dbError) =>
        // Nothing was sent, so losing this record only means the lease runs out and it is tried again.
        log.error({ err: dbError, submissionId: outbox.submissionId }, "could not record an e-mail failure"),
      );
      return;
    }
    unrecorded.set(outbox.id, delivered);
    try {
      await markSent(db, outbox.id, delivered.skipped);
      unrecorded.delete(outbox.id);
    } catch (error) {
      log.error({ err: error, submissionId: outbox.submissionId }, "e-mail sent but not yet recorded; will record when the database answers");
      return;
    }
    log.info({ submissionId: outbox.submissionId, kind: outbox.kind, skipped: Boolean(delivered.skipped) }, "e-mail sent");
    // Flags only; a failure here is repaired by the next pass.
    if (enquiryId) await refreshSubmissionStatus(db, enquiryId).catch(() => {});
  }

  async function pass() {
    await flushUnrecorded();
    for (;;) {
      const claimed = await claimDueMessages(db, { limit: batchSize, leaseSeconds, excludeIds: [...unrecorded.keys()] });
      for (const message of claimed) {
        if (stopped) return;
        await deliver(message);
      }
      if (claimed.length < batchSize) return;
    }
  }

  function schedule() {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), pollSeconds * 1000);
    timer.unref();
  }

  /** At most one pass at a time; a wake-up during a pass runs another one right after it. */
  function tick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await pass();
        } catch (error) {
          log.warn({ err: error instanceof Error ? error.message : error }, "outbox pass failed (database unreachable?); retrying at the next poll");
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
      schedule();
    });
    return running;
  }

  schedule();
  void tick();
  return {
    wake: () => void tick(),
    runOnce: () => tick(),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await flushUnrecorded().catch(() => {});
      transport.close?.();
      if (unrecorded.size > 0) log.error({ count: unrecorded.size }, "stopping with sent e-mails not recorded; they may be sent again");
    },
  };
}
