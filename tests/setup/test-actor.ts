import type { AuditActor } from "#app/models/audit.server";

/** The member of staff model tests act as, so the audit rows they cause have an author. */
export const TEST_ACTOR: AuditActor = { id: "test-staff", name: "Test Staff", email: "staff@example.test" };
