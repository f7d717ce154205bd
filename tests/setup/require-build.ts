import { assertBuildExists } from "./production-server";

/** Vitest global set-up of the "build" project: no build, no silent skip. */
export default function requireBuild() {
  assertBuildExists();
}
