import { TransactionRollbackError } from "drizzle-orm";
import type { Database, DbOrTx } from "#app/db/client.server";
import { enqueueMail } from "#app/models/outbox.server";

/**
 * Queues the e-mail with a reset link; better-auth calls this with the plain token it made (it keeps only its
 * hash). The token waits in the outbox row until the worker sends it, then is removed from the row
 * (models/outbox.server.ts); it stops working after PASSWORD_RESET_MINUTES or its first use, whichever comes first.
 */
export async function queuePasswordResetMail(db: DbOrTx, input: { email: string; name: string; token: string }): Promise<void> {
  await enqueueMail(db, { kind: "password-reset", recipient: input.email, payload: { token: input.token, name: input.name } });
}

/**
 * The same database work as queuing a reset message, rolled back: done for an address that gets no message
 * (unknown, not staff, deactivated), so that answering it costs about what answering a staff address costs
 * (docs/decisions/0019-staff-sessions-password-change-and-reset.md).
 */
export async function rehearsePasswordResetMail(db: Database): Promise<void> {
  await db
    .transaction(async (tx) => {
      await queuePasswordResetMail(tx, { email: "nobody@example.invalid", name: "", token: crypto.randomUUID() });
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
}
