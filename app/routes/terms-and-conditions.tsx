import { NotBuiltYet, Screen } from "../components/screen";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";

export const meta = titleMeta("terms");

export default function Page() {
  return (
    <Screen title={usePageTitle("terms")}>
      <NotBuiltYet what="The terms page" />
    </Screen>
  );
}
