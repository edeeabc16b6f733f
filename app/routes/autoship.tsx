import { NotBuiltYet, Screen } from "../components/screen";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";

export const meta = titleMeta("autoship");

export default function Page() {
  return (
    <Screen title={usePageTitle("autoship")}>
      <NotBuiltYet what="The autoship page" />
    </Screen>
  );
}
