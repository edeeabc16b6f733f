import { NotBuiltYet, Screen } from "../components/screen";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";

export const meta = titleMeta("register");

export default function Page() {
  return (
    <Screen title={usePageTitle("register")}>
      <NotBuiltYet what="Registration" />
    </Screen>
  );
}
