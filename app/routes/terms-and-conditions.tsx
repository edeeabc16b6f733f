import { loadContentPage } from "../features/content/content-loader.server";
import { InfoPage } from "../features/content/info-page";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";
import type { Route } from "./+types/terms-and-conditions";

export const meta = titleMeta("terms");

/** Its content is the content page "terms-and-conditions" (the staff site's own variant where there is one). */
export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadContentPage(context, "terms-and-conditions") };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <InfoPage title={usePageTitle("terms")} page={loaderData.page} />;
}
