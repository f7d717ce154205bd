import { data } from "react-router";

/** Any unknown URL: answers 404 and renders the designed not-found screen through the error boundary. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
