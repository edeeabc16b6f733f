import { NotBuiltYet, Screen } from "../components/screen";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";

export const meta = titleMeta("sitemap");

export default function Page() {
  return (
    <Screen title={usePageTitle("sitemap")}>
      <NotBuiltYet what="The sitemap" />
    </Screen>
  );
}
