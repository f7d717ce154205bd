import { isDeepStrictEqual } from "node:util";
import type { DbOrTx } from "#app/db/client.server";
import { auditEvents, type AuditChanges } from "#app/db/schema";
import type { AuditKind } from "#app/domain/audit-kinds";

/** Who made a change: a signed-in staff member, or the system (scheduled jobs, seeding). */
export type AuditActor = { id: string; name: string; email: string } | "system";

export type AuditEventInput = {
  actor: AuditActor;
  kind: AuditKind;
  /** What happened, in a few words: "created", "updated", "status changed", "erased", "role changed"… */
  action: string;
  subjectId?: string | null;
  /** A human label for the subject at the time (a listing's title, a block's key, a user's e-mail). */
  subjectLabel?: string;
  changes?: AuditChanges;
};

function actorLabel(actor: AuditActor): string {
  if (actor === "system") return "System";
  return actor.name && actor.name !== actor.email ? `${actor.name} <${actor.email}>` : actor.email;
}

/**
 * Writes one audit row. Call it with the transaction that makes the change, so the change and its record
 * commit or roll back together.
 */
export async function recordAudit(db: DbOrTx, event: AuditEventInput): Promise<void> {
  await db.insert(auditEvents).values({
    actorId: event.actor === "system" ? null : event.actor.id,
    actorLabel: actorLabel(event.actor),
    kind: event.kind,
    action: event.action,
    subjectId: event.subjectId ?? null,
    subjectLabel: event.subjectLabel ?? "",
    changes: event.changes ?? {},
  });
}

/**
 * The before and after of each listed field that differs. Fields named in `redact` are recorded as changed
 * without their values (passwords, tokens, personal data that was erased).
 */
export function changedFields<T extends object>(
  before: Partial<T> | null | undefined,
  after: Partial<T> | null | undefined,
  fields: readonly (keyof T & string)[],
  redact: readonly (keyof T & string)[] = [],
): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of fields) {
    const previous = before?.[field] ?? null;
    const next = after?.[field] ?? null;
    if (isDeepStrictEqual(normalise(previous), normalise(next))) continue;
    changes[field] = redact.includes(field) ? { before: "(hidden)", after: "(hidden)" } : { before: normalise(previous), after: normalise(next) };
  }
  return changes;
}

/** Dates compare and store as ISO text, so a value read back from JSON equals the one written. */
function normalise(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}
