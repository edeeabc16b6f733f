import { NotBuiltYet, Screen } from "../components/screen";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";

export const meta = titleMeta("dashboard");

export default function Page() {
  return (
    <Screen title={usePageTitle("dashboard")}>
      <NotBuiltYet what="The account dashboard" />
    </Screen>
  );
}
