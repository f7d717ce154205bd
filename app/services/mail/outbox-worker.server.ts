import type { Database } from "#app/db/client.server";
import type { SiteSettings } from "#app/domain/site-settings";
import type { Env } from "#app/env.server";
import { claimDueMessages, claimForWaitingVisitor, forgetSettledSecrets, retryDelaySeconds, type ClaimedMessage } from "#app/models/outbox.server";
import { markSent, recordFailure, refreshSubmissionStatus } from "#app/models/submissions.server";
import { logger as defaultLogger } from "#app/services/logger.server";
import { composeMail, isEnquiryMailKind } from "./mail-kinds.server";
import { isPermanentFailure, type MailTransport } from "./transport.server";

export type OutboxWorkerOptions = {
  db: Database;
  env: Env;
  transport: MailTransport;
  /** The site's settings in force when a message is composed (mailbox, company, contact details). */
  settings: () => Promise<SiteSettings>;
  pollSeconds?: number;
  leaseSeconds?: number;
  maxAttempts?: number;
  batchSize?: number;
  logger?: Pick<typeof defaultLogger, "info" | "warn" | "error">;
};

/** What happened to a message someone waits for: sent, failed this attempt, or not done in time. */
export type DeliveryOutcome = "sent" | "failed" | "pending";

export type OutboxWorker = {
  /** Look for due messages now instead of at the next poll (called right after an enquiry is stored). */
  wake(): void;
  /**
   * Sends these messages first and resolves when the first of them is done or after `timeoutMs`: "sent"
   * once a mail server accepted it, "failed" when this attempt failed (it is retried later), "pending"
   * when it is not done in time (another process may hold it, or the server is slow).
   */
  deliverSoon(outboxId: string, timeoutMs: number): Promise<DeliveryOutcome>;
  /** One full pass (with the sweep); resolves when nothing due is left. Exposed for tests and scripts. */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
};

type Delivered = { message: ClaimedMessage; skipped?: string };

/**
 * Sends what the outbox holds: claims due messages with a lease, sends each, records the result.
 * A failure is retried with backoff until OUTBOX_MAX_ATTEMPTS; a permanent refusal (SMTP 5xx) or the
 * last attempt marks it failed for good. A message that went out while the database was unreachable is
 * remembered here and recorded as soon as it is back, rather than sent a second time.
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const {
    db,
    env,
    transport,
    pollSeconds = env.OUTBOX_POLL_SECONDS,
    leaseSeconds = env.OUTBOX_LEASE_SECONDS,
    maxAttempts = env.OUTBOX_MAX_ATTEMPTS,
    batchSize = 10,
  } = options;
  const log = options.logger ?? defaultLogger;
  const unrecorded = new Map<string, Delivered>();
  const waiters = new Map<string, Set<(outcome: DeliveryOutcome) => void>>();
  const preferred = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  // The first pass after a start repairs what a crash may have left.
  let sweepDue = true;
  let stopped = false;
  // Sends started for a waiting visitor outside the passes (deliverSoon), so stop() can wait for them.
  const directSends = new Set<Promise<void>>();

  function settle(outboxId: string, outcome: DeliveryOutcome) {
    preferred.delete(outboxId);
    for (const resolve of waiters.get(outboxId) ?? []) resolve(outcome);
    waiters.delete(outboxId);
  }

  async function flushUnrecorded() {
    for (const [id, delivered] of unrecorded) {
      await markSent(db, id, delivered.skipped);
      unrecorded.delete(id);
    }
  }

  /**
   * Whole-table repairs, on the regular passes (the poll, runOnce) and after an outage, not on the wake-up that every
   * new enquiry causes: each reads every unsettled enquiry or settled message, so it costs more as the tables grow.
   */
  async function sweep() {
    // A safety net: enquiries whose flags are behind their outbox (rows written by an older version, or by hand).
    await refreshSubmissionStatus(db);
    // Secrets of messages that failed for good (a sent message drops its own as it is recorded).
    await forgetSettledSecrets(db);
  }

  async function deliver(claimed: ClaimedMessage) {
    const { outbox } = claimed;
    const enquiryId = outbox.submissionId && isEnquiryMailKind(outbox.kind) ? outbox.submissionId : null;
    let delivered: Delivered;
    try {
      if (transport.cannotSend?.(outbox.kind)) {
        delivered = { message: claimed, skipped: `skipped: the ${transport.name} transport has no way to send a ${outbox.kind}` };
      } else {
        await transport.send(composeMail({ env, settings: await options.settings(), ...claimed }));
        delivered = { message: claimed };
      }
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      const permanent = isPermanentFailure(error);
      const retryIn = retryDelaySeconds(outbox.attempts + 1);
      try {
        const { failedForGood } = await recordFailure(db, outbox.id, enquiryId, text, { retryInSeconds: retryIn, permanent, maxAttempts });
        log.warn(
          {
            outboxId: outbox.id,
            submissionId: outbox.submissionId,
            kind: outbox.kind,
            attempt: outbox.attempts + 1,
            err: text,
            ...(failedForGood ? {} : { retryIn }),
          },
          failedForGood ? "sending an e-mail failed for good; staff can retry it by hand" : "sending an e-mail failed; will retry",
        );
      } catch (dbError) {
        // Nothing was sent, so losing this record only means the lease runs out and it is tried again.
        log.error({ err: dbError, submissionId: outbox.submissionId }, "could not record an e-mail failure");
      }
      settle(outbox.id, "failed");
      return;
    }
    unrecorded.set(outbox.id, delivered);
    settle(outbox.id, "sent");
    try {
      await markSent(db, outbox.id, delivered.skipped);
      unrecorded.delete(outbox.id);
    } catch (error) {
      log.error({ err: error, submissionId: outbox.submissionId }, "e-mail sent but not yet recorded; will record when the database answers");
      return;
    }
    log.info({ submissionId: outbox.submissionId, kind: outbox.kind, skipped: Boolean(delivered.skipped) }, "e-mail sent");
  }

  async function pass(full: boolean) {
    const afterOutage = unrecorded.size > 0;
    await flushUnrecorded();
    if (full || afterOutage) await sweep();
    for (;;) {
      const claimed = await claimDueMessages(db, { limit: batchSize, leaseSeconds, excludeIds: [...unrecorded.keys()], preferIds: [...preferred] });
      for (const message of claimed) {
        if (stopped) return;
        await deliver(message);
      }
      if (claimed.length < batchSize) return;
    }
  }

  /**
   * Claims the message a visitor waits for (with its enquiry's other message) and sends it now, beside any pass in
   * progress: that pass may hold a batch of earlier messages, and the visitor should wait for one send, not for the
   * batch. When the message is held already (by that pass, or another process) the holder sends it and settles the wait.
   */
  function sendNow(outboxId: string) {
    const send = (async () => {
      if (stopped) return;
      const claimed = await claimForWaitingVisitor(db, outboxId, leaseSeconds).catch(() => []);
      if (claimed.length === 0) return void tick();
      for (const message of claimed) if (!stopped) await deliver(message);
    })().finally(() => directSends.delete(send));
    directSends.add(send);
  }

  function schedule() {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(true), pollSeconds * 1000);
    timer.unref();
  }

  /**
   * At most one pass at a time; a wake-up during a pass runs another one right after it. `full`: the pass also sweeps
   * (the poll, runOnce and the first pass after start do; the wake-up of each new enquiry does not).
   */
  function tick(full = false): Promise<void> {
    if (full) sweepDue = true;
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        const sweeping = sweepDue;
        sweepDue = false;
        try {
          await pass(sweeping);
        } catch (error) {
          sweepDue ||= sweeping;
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
    deliverSoon(outboxId, timeoutMs) {
      // A visitor waits for their message only when the outbox has no one else's in hand: in a burst the messages
      // go out one after another, so later visitors would wait for all the earlier sends. They are answered at once
      // ("received"), and their messages follow in order.
      if (waiters.size > 0) {
        void tick();
        return Promise.resolve("pending");
      }
      return new Promise<DeliveryOutcome>((resolve) => {
        const timeout = setTimeout(() => {
          waiters.get(outboxId)?.delete(done);
          if (!waiters.get(outboxId)?.size) preferred.delete(outboxId);
          resolve("pending");
        }, timeoutMs);
        const done = (outcome: DeliveryOutcome) => {
          clearTimeout(timeout);
          resolve(outcome);
        };
        let set = waiters.get(outboxId);
        if (!set) waiters.set(outboxId, (set = new Set()));
        set.add(done);
        preferred.add(outboxId);
        sendNow(outboxId);
      });
    },
    runOnce: () => tick(true),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await Promise.all(directSends);
      for (const id of [...waiters.keys()]) settle(id, "pending");
      await flushUnrecorded().catch(() => {});
      transport.close?.();
      if (unrecorded.size > 0) log.error({ count: unrecorded.size }, "stopping with sent e-mails not recorded; they may be sent again");
    },
  };
}
