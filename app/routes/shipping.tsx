import { NotBuiltYet, Screen } from "../components/screen";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";

export const meta = titleMeta("shipping");

export default function Page() {
  return (
    <Screen title={usePageTitle("shipping")}>
      <NotBuiltYet what="The shipping page" />
    </Screen>
  );
}
