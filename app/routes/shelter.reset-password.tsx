import { NotBuiltYet, Screen } from "../components/screen";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";

export const meta = titleMeta("resetPassword");

export default function Page() {
  return (
    <Screen title={usePageTitle("resetPassword")}>
      <NotBuiltYet what="Password reset" />
    </Screen>
  );
}
