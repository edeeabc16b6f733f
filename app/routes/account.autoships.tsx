import { Link } from "react-router";
import { Screen } from "../components/screen";
import { AccountNav } from "../features/account/account-nav";
import { titleMeta } from "../lib/meta";
import { usePublicConfig } from "../lib/use-public-config";
import { usePageTitle } from "../lib/use-site";
import type { Route } from "./+types/account.autoships";

export const meta = titleMeta("autoships");

// Subscriptions arrive with the autoship issue; until then the list is honestly empty.
export function loader({ context }: Route.LoaderArgs) {
  return { signedIn: Boolean(context.customer), subscriptions: [] as { id: string }[] };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { site } = usePublicConfig();
  const title = usePageTitle("autoships");
  if (!loaderData.signedIn) return null;
  return (
    <Screen title={title}>
      <AccountNav site={site} />
      <div className="mt-6" data-testid="subscriptions-empty">
        <p>You have no Autoship subscriptions yet.</p>
        {site.isStaff ? null : (
          <Link to="/autoship" className="mt-2 inline-block font-semibold text-primary underline">
            Learn about Autoship
          </Link>
        )}
      </div>
    </Screen>
  );
}
