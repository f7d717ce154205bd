import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { contentBlocks, mediaItems } from "#app/db/schema";
import { seedCatalogue } from "#app/db/seed/seed.server";
import { STAFF_ROLES, type StaffRole } from "#app/domain/staff-roles";
import { storeSubmission } from "#app/models/submissions.server";
import type { AppServices } from "#app/services/app-services.server";
import { sessionCookieFor } from "../../../tests/setup/staff-sessions";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../../tests/setup/test-db";
import { contextFor, createTestServices, TEST_SITE } from "../../../tests/setup/test-services";
import { loader } from "./dashboard";

/** What each role's dashboard receives: the figures of the areas it may open (domain/staff-roles.ts), and nothing else. */
const EXPECTED: Record<StaffRole, string[]> = {
  owner: ["contentBlocks", "enquiries", "listings", "media"],
  editor: ["contentBlocks", "listings", "media"],
  sales: ["enquiries"],
};

for (const kind of TEST_DATABASE_KINDS) {
  describe(`dashboard loader on ${kind}`, () => {
    let handle: DatabaseHandle;
    let services: AppServices;
    let stop: () => Promise<void>;
    const cookies = new Map<StaffRole, string>();

    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      ({ services, stop } = await createTestServices(handle));
      await seedCatalogue(handle.db);
      await storeSubmission(handle.db, {
        submissionId: crypto.randomUUID(),
        firstName: "Dash",
        lastName: "Board",
        email: "dash@example.test",
        phone: "Not provided",
        interest: "General",
        message: "Counted on the dashboard.",
        listingPath: null,
        metadata: { userAgent: "Vitest", timestamp: new Date().toISOString() },
      });
      await handle.db.insert(contentBlocks).values({ key: "dashboard-test", type: "text", content: "x", metadata: {} });
      await handle.db.insert(mediaItems).values([
        { name: "a.webp", type: "image", storageKey: "a", mimeType: "image/webp", size: 1000 },
        { name: "b.webp", type: "image", storageKey: "b", mimeType: "image/webp", size: 234 },
      ]);
      for (const role of STAFF_ROLES) cookies.set(role, await sessionCookieFor(services, { email: `${role}@dashboard.test`, role }));
    });
    afterAll(async () => {
      await stop?.();
      await handle?.close();
    });

    async function figuresFor(role: StaffRole) {
      const request = new Request(`${TEST_SITE}/edit`, { headers: { cookie: cookies.get(role)! } });
      const url = new URL(request.url);
      const answer = await loader({ request, url, context: contextFor(services), params: {}, pattern: "/edit" });
      return answer.figures;
    }

    for (const role of STAFF_ROLES) {
      it(`sends the ${role} role only the figures of the areas it may open`, async () => {
        const figures = await figuresFor(role);
        expect(Object.keys(figures).sort()).toEqual(EXPECTED[role]);
      });
    }

    it("counts what it sends: enquiries by status, listings by category, blocks, and the media library's size", async () => {
      const owner = await figuresFor("owner");
      expect(owner.enquiries).toMatchObject({ unopened: 1, pipeline: { new: 1 } });
      expect(owner.enquiries!.perDay.at(-1)).toMatchObject({ count: 1 });
      expect(owner.listings!.reduce((sum, row) => sum + row.total, 0)).toBeGreaterThan(0);
      expect(owner.contentBlocks).toBe(1);
      expect(owner.media).toEqual({ files: 2, usedBytes: 1234 });
      // Sales see the same enquiry figures, and not one number about listings, content or media.
      expect(JSON.stringify(await figuresFor("sales"))).toBe(JSON.stringify({ enquiries: owner.enquiries }));
    });
  });
}
