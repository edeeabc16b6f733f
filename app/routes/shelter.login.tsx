import { NotBuiltYet, Screen } from "../components/screen";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";

export const meta = titleMeta("login");

export default function Page() {
  return (
    <Screen title={usePageTitle("login")}>
      <NotBuiltYet what="Sign-in" />
    </Screen>
  );
}
