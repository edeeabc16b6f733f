import { NotBuiltYet, Screen } from "../components/screen";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";

export const meta = titleMeta("profile");

export default function Page() {
  return (
    <Screen title={usePageTitle("profile")}>
      <NotBuiltYet what="The profile page" />
    </Screen>
  );
}
