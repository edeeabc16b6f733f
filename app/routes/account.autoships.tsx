import { NotBuiltYet, Screen } from "../components/screen";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";

export const meta = titleMeta("autoships");

export default function Page() {
  return (
    <Screen title={usePageTitle("autoships")}>
      <NotBuiltYet what="Subscription management" />
    </Screen>
  );
}
