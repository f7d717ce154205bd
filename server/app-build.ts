import type { ServerBuild } from "react-router";
import { answerDatabaseFaults } from "./database-fault-answers";
import { logOriginRefusals } from "./origin-refusal-log";

/**
 * The server build as the app serves it: React Router's own, with the answers every route shares and none should
 * have to repeat (database faults as 400 and 503, React Router's origin refusals as security events). Each step
 * keeps its result per build, so the build React Router asks for on every request costs one lookup.
 */
export function appBuild(build: ServerBuild): ServerBuild {
  return logOriginRefusals(answerDatabaseFaults(build));
}
