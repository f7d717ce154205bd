import type { ServerBuild } from "react-router";
import { answerDatabaseFaults } from "./database-fault-answers";
import { logOriginRefusals } from "./origin-refusal-log";
import { answerPostsWithoutAction } from "./posts-without-action";

/**
 * The server build as the app serves it: React Router's own, with the answers every route shares and none should
 * have to repeat (a form posted where none is taken as 404 or 405, database faults as 400 and 503, React Router's
 * origin refusals as security events). Each step keeps its result per build, so the build React Router asks for on
 * every request costs one lookup. The actions given to routes without one are inside the database-fault guard.
 */
export function appBuild(build: ServerBuild): ServerBuild {
  return logOriginRefusals(answerDatabaseFaults(answerPostsWithoutAction(build)));
}
