/**
 * The production entry (`npm run serve` runs its compiled form, BUILD_DIR/server/host.js). On a first start it has the
 * new embedded database created by a process of its own (first-start.ts). It starts the embedded database's thread,
 * then loads the HTTP host: loading the host's and the application's code takes the main thread most of a second,
 * and the database opens on the second core meanwhile. Development runs server/index.ts itself.
 */
import { embeddedDatabaseDir, isNewEmbeddedDatabase } from "../app/db/embedded-database.server";
import { getEnv } from "../app/env.server";
import { startDatabaseEarly } from "./early-start";
import { setUpNewDatabase } from "./first-start";

const env = getEnv();
if (isNewEmbeddedDatabase(env)) await setUpNewDatabase(embeddedDatabaseDir(env));
startDatabaseEarly(env);
await import("./index");
