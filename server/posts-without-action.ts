import { data, type ServerBuild } from "react-router";

/**
 * A form posted to an address that takes none (a stale bookmark, a bot, a typo). React Router's own answer is a 405
 * with no Allow header, shown by the fallback "Unexpected Application Error!" on a page and as "Unexpected Server
 * Error" JSON by a resource route, and whose data (sent to the browser) names the route module that has no action.
 * Here every route without an action gets one that answers like a page or file that is read, not written:
 * - a resource route (a sitemap, a media file): 405 in a plain sentence, `Allow: GET, HEAD`;
 * - a page: its own loader runs first, so a page that does not exist answers 404 as its GET does (/nope is an unknown
 *   category, and the category's loader knows that), and one that needs a sign-in says so; then 405, shown by the
 *   nearest error boundary's screen for it. The Allow header is the entry's to add (withAllowOnPageRefusals below):
 *   the headers of an error thrown by an action do not reach the page's answer.
 * The build's route modules are wrapped once, so a route added tomorrow is covered without a line of its own.
 */
type Build = ServerBuild;
type Route = NonNullable<Build["routes"][string]>;
type Handler = NonNullable<Route["module"]["loader"]>;

/** What a page or file without a form takes. The request guard refuses every method but these and POST. */
const READ_ONLY_METHODS = "GET, HEAD";

const wrapped = new WeakMap<Build, Build>();

export function answerPostsWithoutAction(build: Build): Build {
  let result = wrapped.get(build);
  if (result) return result;
  const routes: Build["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    routes[id] = route.module.action ? route : { ...route, module: { ...route.module, action: actionFor(route) } };
  }
  result = { ...build, routes, entry: { ...build.entry, module: withAllowOnPageRefusals(build.entry.module) } };
  wrapped.set(build, result);
  return result;
}

function actionFor(route: Route): Handler {
  const resource = route.module.default == null && route.module.ErrorBoundary == null;
  if (resource) return () => refusedPlainly();
  const loader = route.module.loader;
  return async (args) => {
    // Whatever the loader throws (a 404, a redirect, a sign-in refusal) is the answer, as it is to a GET.
    const found = loader ? await loader(args) : null;
    if (statusOf(found) === 404) throw data(null, { status: 404, statusText: "Not Found" });
    throw data(null, { status: 405, statusText: "Method Not Allowed" });
  };
}

function refusedPlainly(): Response {
  return new Response("This address does not accept forms.\n", {
    status: 405,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", Allow: READ_ONLY_METHODS },
  });
}

/** The status a loader chose for what it returned: a Response's, or `data(value, { status })`'s. */
function statusOf(value: unknown): number | undefined {
  if (value instanceof Response) return value.status;
  const returned = value as { type?: unknown; init?: ResponseInit | null } | null;
  return returned?.type === "DataWithResponseInit" ? (returned.init?.status ?? undefined) : undefined;
}

type EntryModule = Build["entry"]["module"];

/**
 * A page's 405 comes only from the actions above (the guard answers other methods itself), so its document and its
 * data answer (a script's post to `.data`) both name the methods the address does take.
 */
function withAllowOnPageRefusals(entry: EntryModule): EntryModule {
  const handleDocument = entry.default;
  const handleData = entry.handleDataRequest;
  return {
    ...entry,
    default: (request, status, headers, ...rest) => {
      if (status === 405 && !headers.has("Allow")) headers.set("Allow", READ_ONLY_METHODS);
      return handleDocument(request, status, headers, ...rest);
    },
    handleDataRequest: async (response, args) => {
      const answer = handleData ? await handleData(response, args) : response;
      if (answer.status !== 405 || answer.headers.has("Allow")) return answer;
      const headers = new Headers(answer.headers);
      headers.set("Allow", READ_ONLY_METHODS);
      return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
    },
  };
}
