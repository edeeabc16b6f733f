import { NotBuiltYet, Screen } from "../components/screen";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";

export const meta = titleMeta("orders");

export default function Page() {
  return (
    <Screen title={usePageTitle("orders")}>
      <NotBuiltYet what="Order history" />
    </Screen>
  );
}
