import { NotBuiltYet, Screen } from "../components/screen";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";

export const meta = titleMeta("forgotPassword");

export default function Page() {
  return (
    <Screen title={usePageTitle("forgotPassword")}>
      <NotBuiltYet what="Password recovery" />
    </Screen>
  );
}
