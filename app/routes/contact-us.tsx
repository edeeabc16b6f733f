import { NotBuiltYet, Screen } from "../components/screen";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";

export const meta = titleMeta("contact");

export default function Page() {
  return (
    <Screen title={usePageTitle("contact")}>
      <NotBuiltYet what="The contact form" />
    </Screen>
  );
}
