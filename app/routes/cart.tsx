import { NotBuiltYet, Screen } from "../components/screen";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";

export const meta = titleMeta("cart");

export default function Page() {
  return (
    <Screen title={usePageTitle("cart")}>
      <NotBuiltYet what="The cart" />
    </Screen>
  );
}
