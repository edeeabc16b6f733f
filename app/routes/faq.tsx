import { NotBuiltYet, Screen } from "../components/screen";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";

export const meta = titleMeta("faq");

export default function Page() {
  return (
    <Screen title={usePageTitle("faq")}>
      <NotBuiltYet what="The FAQ page" />
    </Screen>
  );
}
