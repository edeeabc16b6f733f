import { NotBuiltYet, Screen } from "../components/screen";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";

export const meta = titleMeta("search");

export default function Page() {
  return (
    <Screen title={usePageTitle("search")}>
      <NotBuiltYet what="Search" />
    </Screen>
  );
}
