/**
 * The production entry (`npm run serve` runs its compiled form, BUILD_DIR/server/host.js). It starts the embedded
 * database's thread first, then loads the HTTP host: loading the host's and the application's code takes the main
 * thread most of a second, and the database opens on the second core meanwhile. Development runs server/index.ts
 * itself.
 */
import { getEnv } from "../app/env.server";
import { startDatabaseEarly } from "./early-start";

startDatabaseEarly(getEnv());
await import("./index");
