import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { auditEvents } from "#app/db/schema";
import { parseAuditFilters } from "#app/domain/audit-filters";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../tests/setup/test-db";
import { listAuditActors, listAuditEvents } from "./audit-trail.server";

/** The activity trail's person and date filters, as the page's URL gives them (?actor=&from=&to=). */
for (const kind of TEST_DATABASE_KINDS) {
  describe(`audit trail filters on ${kind}`, () => {
    let handle: DatabaseHandle;
    const actions = async (query: string) =>
      (await listAuditEvents(handle.db, parseAuditFilters(new URLSearchParams(query)))).events.map((event) => event.action);

    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      const row = (action: string, at: string, actorId: string | null, actorLabel: string) => ({
        action,
        at: new Date(at),
        actorId,
        actorLabel,
        kind: "settings" as const,
      });
      await handle.db
        .insert(auditEvents)
        .values([
          row("olivia early", "2025-03-01T00:00:00Z", "owner-1", "Olivia Owner <olivia@example.test>"),
          row("olivia late", "2025-03-03T23:59:59Z", "owner-1", "Olivia Owner <olivia@example.test>"),
          row("sami middle", "2025-03-02T12:00:00Z", "sales-1", "Sami Sales <sami@example.test>"),
          row("system night", "2025-03-04T00:00:00Z", null, "System"),
        ]);
    });
    afterAll(async () => {
      await handle?.close();
    });

    it("filters by person, and by the system for scheduled jobs", async () => {
      expect(await actions("actor=owner-1")).toEqual(["olivia late", "olivia early"]);
      expect(await actions("actor=sales-1")).toEqual(["sami middle"]);
      expect(await actions("actor=system")).toEqual(["system night"]);
      expect(await actions("actor=nobody-at-all")).toEqual([]);
      // Anything that is not an id is ignored rather than matched.
      expect(await actions("actor=%27%20or%201%3D1")).toHaveLength(4);
    });

    it("lists each person once under their latest name, and the system as System", async () => {
      expect(await listAuditActors(handle.db)).toEqual([
        { id: "owner-1", label: "Olivia Owner <olivia@example.test>" },
        { id: "sales-1", label: "Sami Sales <sami@example.test>" },
        { id: "system", label: "System" },
      ]);
    });

    it("filters by inclusive days (UTC), from either end or both", async () => {
      expect(await actions("from=2025-03-02")).toEqual(["system night", "olivia late", "sami middle"]);
      expect(await actions("to=2025-03-02")).toEqual(["sami middle", "olivia early"]);
      // The last second of the "to" day is in; midnight after it is not.
      expect(await actions("from=2025-03-03&to=2025-03-03")).toEqual(["olivia late"]);
      expect(await actions("from=2025-03-01&to=2025-03-01")).toEqual(["olivia early"]);
      expect(await actions("actor=owner-1&from=2025-03-02")).toEqual(["olivia late"]);
      // A malformed day is ignored, not an error.
      expect(await actions("from=2025-13-45")).toHaveLength(4);
    });
  });
}
