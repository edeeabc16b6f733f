import { loadContentPage } from "../features/content/content-loader.server";
import { InfoPage } from "../features/content/info-page";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";
import type { Route } from "./+types/autoship";

export const meta = titleMeta("autoship");

/** Its content is the content page "autoship" (the staff site's own variant where there is one). */
export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadContentPage(context, "autoship") };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <InfoPage title={usePageTitle("autoship")} page={loaderData.page} />;
}
