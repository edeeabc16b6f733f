import { data } from "react-router";
import { titleMeta } from "../lib/meta";

export const meta = titleMeta("notFound");

/**
 * SPEC §2 catch-all single-segment page (/:slug). Its pages come from the content module, which is
 * not built yet: until then every slug answers 404.
 */
export function loader() {
  throw data(null, { status: 404 });
}

export default function ContentPage() {
  return null;
}
