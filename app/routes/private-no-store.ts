import type { MiddlewareFunction } from "react-router";

/** Staff pages and everything under /edit hold enquiry data or account state. */
const PRIVATE_PATH = /^\/(edit|sign-in|sign-out|setup)(\/|\.data$|$)/;

/**
 * Every answer under /edit (pages, data requests, exports, APIs, errors and redirects), the sign-in and set-up
 * pages, and every answer to a form post is `Cache-Control: no-store`: set here, once, for all of them, so a new
 * route cannot forget it and nothing with enquiry data stays in a browser's cache or history after sign-out.
 */
export const privateNoStore: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  const method = request.method.toUpperCase();
  if (!PRIVATE_PATH.test(new URL(request.url).pathname) && (method === "GET" || method === "HEAD")) return response;
  try {
    response.headers.set("Cache-Control", "no-store");
    return response;
  } catch {
    // Some responses (Response.redirect) have read-only headers: answer with a copy.
    const copy = new Response(response.body, response);
    copy.headers.set("Cache-Control", "no-store");
    return copy;
  }
};
