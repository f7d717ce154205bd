import { data } from "react-router";
import { NotFoundScreen } from "#app/components/layout/error-screens";

/** Any unknown URL: answers 404 with the designed page, inside the site's shell. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundScreen />;
}
