import { redirectOrNotFound } from "../features/content/content-loader.server";
import { titleMeta } from "../lib/meta";
import type { Route } from "./+types/not-found";

export const meta = titleMeta("notFound");

/**
 * Any route SPEC §2 does not list: a redirect managed as content if the path has one, else HTTP 404
 * rendered by the layout's boundary as "404 Error" with the content page "error".
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  return redirectOrNotFound(context, request);
}

export default function NotFound() {
  return null;
}
