import { loadContentPage } from "../features/content/content-loader.server";
import { InfoPage } from "../features/content/info-page";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";
import type { Route } from "./+types/faq";

export const meta = titleMeta("faq");

/** Its content is the content page "faq" (the staff site's own variant where there is one). */
export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadContentPage(context, "faq") };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <InfoPage title={usePageTitle("faq")} page={loaderData.page} />;
}
