import { NotBuiltYet, Screen } from "../components/screen";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";

export const meta = titleMeta("addressBook");

export default function Page() {
  return (
    <Screen title={usePageTitle("addressBook")}>
      <NotBuiltYet what="The address book" />
    </Screen>
  );
}
