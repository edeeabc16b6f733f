import { NotBuiltYet, Screen } from "../components/screen";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";

export const meta = titleMeta("logout");

export default function Page() {
  return (
    <Screen title={usePageTitle("logout")}>
      <NotBuiltYet what="Sign-out" />
    </Screen>
  );
}
