import { NotBuiltYet, Screen } from "../components/screen";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";

export const meta = titleMeta("order");

export default function Page() {
  return (
    <Screen title={usePageTitle("order")}>
      <NotBuiltYet what="Order details" />
    </Screen>
  );
}
