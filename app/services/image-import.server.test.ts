import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database, type DatabaseHandle } from "#app/db/client.server";
import { contentBlocks, imageImports, listings } from "#app/db/schema";
import { CONTENT_DEFAULTS, IMAGE_CONTENT_KEYS } from "#app/domain/site-content";
import { createListing } from "#app/models/listings-editor.server";
import { photosFromUrls } from "#app/models/listing-row";
import { makeJpeg, makeNoisyJpeg, makePng } from "../../tests/fixtures/images";
import { listingForm } from "../../tests/fixtures/listing-form";
import { startHttpStub, type HttpStub, type StubReply } from "../../tests/stubs/http-stub";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../tests/setup/test-db";
import { downloadImage, importRemoteImages, type ImportOptions } from "./image-import.server";
import { isPublicAddress } from "./public-web-fetch.server";
import { createLocalStorage } from "./storage/local-storage.server";

/**
 * `npm run images:import`, offline: a local HTTP server stands in for the earlier site's media host and serves
 * real generated pictures, a 404, an HTML page, a slow answer, an oversized file and a "JPEG" that is not one.
 */
const MAX_BYTES = 300 * 1024;
let stub: HttpStub;
let active = 0;
let mostActive = 0;
let missingFixed = false;
const images: Record<string, Buffer> = {};

function reply(requestPath: string): StubReply {
  const name = requestPath.split("?")[0]!.replace("/images/", "");
  const picture = (data: Buffer, type: string): StubReply => {
    active += 1;
    mostActive = Math.max(mostActive, active);
    setTimeout(() => (active -= 1), 150);
    return { body: data, headers: { "Content-Type": type }, delayMs: 150 };
  };
  if (name === "villa-1.jpg" || name === "hero.jpg" || name === "villa-3.jpg") return picture(images[name]!, "image/jpeg");
  if (name === "villa-2.png") return picture(images[name]!, "image/png");
  if (name === "missing.jpg") return missingFixed ? picture(images["villa-3.jpg"]!, "image/jpeg") : { status: 404, text: "Not Found" };
  if (name === "moved.jpg") return { status: 302, text: "", headers: { Location: "/images/villa-3.jpg" } };
  if (name === "page.jpg") return { text: "<html><body>Moved</body></html>", headers: { "Content-Type": "text/html; charset=utf-8" } };
  if (name === "slow.jpg") return { ...picture(images["villa-1.jpg"]!, "image/jpeg"), delayMs: 3_000 };
  if (name === "huge.jpg") return picture(images["huge.jpg"]!, "image/jpeg");
  if (name === "lying.jpg") return { body: Buffer.from("<!doctype html><title>Not a picture</title>"), headers: { "Content-Type": "image/jpeg" } };
  return { status: 404, text: "Not Found" };
}

beforeAll(async () => {
  images["villa-1.jpg"] = await makeJpeg(1400, 900, { gps: true });
  images["villa-3.jpg"] = await makeJpeg(800, 600);
  images["hero.jpg"] = await makeJpeg(1300, 700);
  images["villa-2.png"] = await makePng(900, 600);
  images["huge.jpg"] = await makeNoisyJpeg(700, 500);
  expect(images["huge.jpg"].length).toBeGreaterThan(MAX_BYTES);
  stub = await startHttpStub((request) => reply(request.path));
});
afterAll(async () => stub?.stop());

const url = (name: string) => `${stub.url}/images/${name}`;
const requestsFor = (name: string) => stub.requests.filter((request) => request.path === `/images/${name}`).length;

/** Every image block exists and points at the stub (the real defaults name the earlier site, unreachable here). */
async function writeImageBlocks(db: Database) {
  await db.insert(contentBlocks).values(
    IMAGE_CONTENT_KEYS.map((key) => ({
      key,
      type: "image" as const,
      content: url("hero.jpg"),
      metadata: { category: CONTENT_DEFAULTS[key].category },
    })),
  );
  await db.insert(contentBlocks).values({
    key: "home-gallery-html",
    type: "html",
    content: `<p>Our villas</p><img src="${url("villa-2.png")}" alt="Terrace">`,
    metadata: { category: "home" },
  });
}

async function writeListings(db: Database) {
  const actor = { id: "importer-test", name: "Test", email: "test@example.test" };
  const make = async (title: string, names: string[]) => {
    const created = await createListing(db, actor, listingForm({ title, category: "yachts", location: "Antibes, France", status: "published" }));
    await db
      .update(listings)
      .set({ photos: photosFromUrls(names.map((name) => (name.startsWith("/") ? name : url(name)))) })
      .where(eq(listings.id, created.id));
    return created.id;
  };
  return {
    first: await make("Import Yacht One", ["villa-1.jpg", "villa-2.png", "missing.jpg", "page.jpg"]),
    second: await make("Import Yacht Two", ["villa-1.jpg", "slow.jpg", "huge.jpg", "lying.jpg", "/media/already/ours.webp"]),
  };
}

const options = (overrides: Partial<ImportOptions> = {}): ImportOptions => ({
  concurrency: 2,
  timeoutMs: 1_000,
  maxBytes: MAX_BYTES,
  maxPixels: 40_000_000,
  // The stub stands in for the web on this machine's loopback address, which a copy run refuses unless told.
  allowPrivateNetworks: true,
  ...overrides,
});

for (const kind of TEST_DATABASE_KINDS) {
  describe(`images:import on ${kind}`, () => {
    let handle: DatabaseHandle;
    let storageDir: string;
    let ids: { first: string; second: string };
    const deps = () => ({ db: handle.db, storage: createLocalStorage(storageDir) });

    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "ws-import-"));
      await writeImageBlocks(handle.db);
      ids = await writeListings(handle.db);
      stub.requests.length = 0;
      missingFixed = false;
      mostActive = 0;
    });
    afterAll(async () => {
      await handle?.close();
      fs.rmSync(storageDir, { recursive: true, force: true });
    });

    it("copies each address once through the pipeline, rewrites references, and reports every failure without stopping", async () => {
      const progress: string[] = [];
      const report = await importRemoteImages(
        deps(),
        options({ onProgress: (event) => event.kind === "settled" && progress.push(`${event.outcome} ${event.url}`) }),
      );
      expect(report).toMatchObject({
        addresses: 8,
        imported: 3,
        alreadyImported: 0,
        listingsUpdated: 2,
        blocksUpdated: IMAGE_CONTENT_KEYS.length + 1,
      });
      expect(Object.fromEntries(report.failed.map((failure) => [failure.url.split("/").pop(), failure.error]))).toEqual({
        "huge.jpg": `too large (${images["huge.jpg"]!.length} bytes; the limit is ${MAX_BYTES})`,
        "lying.jpg": "the bytes are not a JPEG, PNG, GIF, WebP or AVIF picture",
        "missing.jpg": "the server answered HTTP 404",
        "page.jpg": "not an image (Content-Type: text/html; charset=utf-8)",
        "slow.jpg": "no answer within 1 s",
      });
      expect(progress).toHaveLength(8);
      // Used by both listings and by every image block, each picture was downloaded once.
      expect(requestsFor("villa-1.jpg")).toBe(1);
      expect(requestsFor("hero.jpg")).toBe(1);
      expect(mostActive).toBeLessThanOrEqual(2);

      const [first] = await handle.db.select().from(listings).where(eq(listings.id, ids.first));
      expect(first!.photos.map((photo) => photo.src.replace(stub.url, "STUB"))).toEqual([
        expect.stringMatching(/^\/media\/imports\/[0-9a-f]{16}-[0-9a-f]{8}\/1400\.webp$/),
        expect.stringMatching(/^\/media\/imports\/[0-9a-f]{16}-[0-9a-f]{8}\/900\.webp$/),
        "STUB/images/missing.jpg",
        "STUB/images/page.jpg",
      ]);
      expect(first!.photos[0]).toMatchObject({
        sourceUrl: url("villa-1.jpg"),
        width: 1400,
        height: 900,
        placeholder: expect.stringMatching(/^data:image\/webp/),
      });
      const [second] = await handle.db.select().from(listings).where(eq(listings.id, ids.second));
      expect(second!.photos[0]!.src).toBe(first!.photos[0]!.src);
      expect(second!.photos[4]!.src).toBe("/media/already/ours.webp");
      // Every rendition the references name is in storage.
      const storage = createLocalStorage(storageDir);
      for (const variant of first!.photos[0]!.variants!) expect(await storage.exists(variant.key)).toBe(true);

      const [crypto] = await handle.db.select().from(contentBlocks).where(eq(contentBlocks.key, "home-slide-crypto-image"));
      expect(crypto!.content).toMatch(/^\/media\/imports\/.+\/1300\.webp$/);
      expect(crypto!.metadata).toMatchObject({
        category: "home",
        width: 1300,
        height: 700,
        variants: expect.arrayContaining([expect.objectContaining({ format: "avif" })]),
      });
      const [html] = await handle.db.select().from(contentBlocks).where(eq(contentBlocks.key, "home-gallery-html"));
      expect(html!.content).toMatch(/^<p>Our villas<\/p><img src="\/media\/imports\/.+\/900\.webp" alt="Terrace">$/);
    });

    it("is idempotent and resumable: nothing is downloaded twice, failures are retried, a fixed one is imported", async () => {
      const before = stub.requests.length;
      const again = await importRemoteImages(deps(), options());
      expect(again).toMatchObject({ addresses: 5, imported: 0, alreadyImported: 0, listingsUpdated: 0 });
      expect(again.failed).toHaveLength(5);
      expect(
        stub.requests
          .slice(before)
          .map((request) => request.path)
          .sort(),
      ).toEqual(["/images/huge.jpg", "/images/lying.jpg", "/images/missing.jpg", "/images/page.jpg", "/images/slow.jpg"].sort());
      const [attempts] = await handle.db
        .select()
        .from(imageImports)
        .where(eq(imageImports.sourceUrl, url("missing.jpg")));
      expect(attempts).toMatchObject({ status: "failed", attempts: 2 });

      // A listing added later that names an address already copied is rewritten without a download.
      await handle.db
        .update(listings)
        .set({ photos: photosFromUrls([url("villa-1.jpg"), url("missing.jpg")]) })
        .where(eq(listings.id, ids.second));
      missingFixed = true;
      const resumed = await importRemoteImages(deps(), options());
      expect(resumed).toMatchObject({ imported: 1, alreadyImported: 1, listingsUpdated: 2 });
      expect(requestsFor("villa-1.jpg")).toBe(1);
      const [second] = await handle.db.select().from(listings).where(eq(listings.id, ids.second));
      expect(second!.photos.every((photo) => photo.src.startsWith("/media/imports/"))).toBe(true);
    });
  });
}

describe("npm run images:import (the command)", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ws-import-cli-"));
    const handle = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
    await handle.migrate();
    await writeImageBlocks(handle.db);
    const actor = { id: "cli", name: "CLI", email: "cli@example.test" };
    const created = await createListing(
      handle.db,
      actor,
      listingForm({ title: "CLI Yacht", category: "yachts", location: "Antibes, France", status: "published" }),
    );
    await handle.db
      .update(listings)
      .set({ photos: photosFromUrls([url("villa-3.jpg"), url("page.jpg")]) })
      .where(eq(listings.id, created.id));
    await handle.close();
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("prints a plain line per picture on stderr when it is not a terminal, lists failures and exits non-zero", async () => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "scripts/import-images.ts", "--timeout=5", "--concurrency=2", "--allow-private-networks"],
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "test", LOG_LEVEL: "silent" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    // Progress goes to stderr, as plain lines since stderr is a pipe here (scripts/import-progress.ts); the summary to stdout.
    // The listing's two photos, the html block's picture and the one picture every image block names.
    expect(stderr).toContain("4 remote pictures referenced");
    expect(stderr).toMatch(/^\[\d\/4\] imported: .+\/images\/villa-3\.jpg$/m);
    expect(stderr).toMatch(/^\[\d\/4\] failed: .+\/images\/page\.jpg \(not an image/m);
    expect(stdout).not.toContain("remote pictures referenced");
    expect(stdout).toContain("Done: 3 imported, 0 already imported, 1 failed; 1 listings and");
    expect(stderr).toContain("1 pictures could not be imported");
    expect(code).toBe(1);
  }, 60_000);
});

describe("images:import reaches only the public web", () => {
  const limits = { timeoutMs: 2_000, maxBytes: MAX_BYTES };
  const refusal = (address: string) =>
    downloadImage(address, limits).then(
      () => "downloaded",
      (error: Error) => error.message,
    );

  it("refuses this machine, private networks and a cloud host's metadata service, before any request is sent", async () => {
    const port = new URL(stub.url).port;
    const before = stub.requests.length;
    expect(await refusal(url("villa-3.jpg"))).toBe("127.0.0.1 is a private address; only public web addresses are copied");
    expect(await refusal(`http://localhost:${port}/images/villa-3.jpg`)).toMatch(/^localhost is a private address \((127\.0\.0\.1|::1)\)/);
    expect(await refusal(`http://[::1]:${port}/images/villa-3.jpg`)).toMatch(/^::1 is a private address/);
    expect(await refusal(`http://[::ffff:127.0.0.1]:${port}/images/villa-3.jpg`)).toMatch(/is a private address/);
    expect(await refusal("http://169.254.169.254/latest/meta-data/iam/security-credentials/")).toMatch(/^169\.254\.169\.254 is a private address/);
    expect(await refusal("http://10.0.0.8/photo.jpg")).toMatch(/is a private address/);
    expect(await refusal("file:///etc/passwd")).toMatch(/not a web address/);
    expect(stub.requests.length).toBe(before);
  });

  it("follows a redirect, and checks where it leads like the first address", async () => {
    const copied = await downloadImage(url("moved.jpg"), { ...limits, allowPrivateNetworks: true });
    expect(copied.equals(images["villa-3.jpg"]!)).toBe(true);
    // Without the operator's permission the same chain stops at its first, private, step.
    expect(await refusal(url("moved.jpg"))).toMatch(/is a private address/);
  });

  it("tells public addresses from the rest", () => {
    for (const address of ["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111"]) expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "100.100.1.1",
      "169.254.169.254",
      "0.0.0.0",
      "224.0.0.1",
      "::",
      "::1",
      "fd00::1",
      "fe80::1",
      "::ffff:10.0.0.1",
      "not-an-address",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});
