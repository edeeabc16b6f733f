import { loadSuggestions } from "../features/catalog/listing-loader";
import type { Route } from "./+types/search.suggest";

// GET /search/suggest?q=… — the predictive search dropdown's top products (a resource route: data only).
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadSuggestions(context, new URL(request.url).searchParams.get("q") ?? "");
}
