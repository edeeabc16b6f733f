import { data } from "react-router";
import { titleMeta } from "../lib/meta";

export const meta = titleMeta("notFound");

/** Any route SPEC §2 does not list: HTTP 404, rendered by the layout's boundary as "404 Error". */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
