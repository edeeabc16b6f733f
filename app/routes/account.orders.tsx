import { Link } from "react-router";
import { Screen } from "../components/screen";
import { AccountNav } from "../features/account/account-nav";
import { titleMeta } from "../lib/meta";
import { usePublicConfig } from "../lib/use-public-config";
import { usePageTitle } from "../lib/use-site";
import type { Route } from "./+types/account.orders";

export const meta = titleMeta("orders");

// Orders arrive with the checkout issue; until then the list is honestly empty. The paging controls
// (cursor in the address, as get-storefront-orders pages) are in place for when it is not.
export function loader({ context, request }: Route.LoaderArgs) {
  if (!context.customer) return { signedIn: false, orders: [], pageInfo: null, cursor: null };
  const cursor = new URL(request.url).searchParams.get("cursor");
  return {
    signedIn: true,
    orders: [] as { id: string; name: string }[],
    pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
    cursor,
  };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { site } = usePublicConfig();
  const title = usePageTitle("orders");
  if (!loaderData.signedIn) return null;
  const { orders, pageInfo } = loaderData;
  return (
    <Screen title={title}>
      <AccountNav site={site} />
      {orders.length === 0 ? (
        <div className="mt-6" data-testid="orders-empty">
          <p>You have not placed any orders yet.</p>
          <Link to="/products" className="mt-2 inline-block font-semibold text-primary underline">
            Start shopping
          </Link>
        </div>
      ) : null}
      <nav aria-label="Order pages" className="mt-6 flex gap-3">
        <button type="button" disabled={!pageInfo?.hasPreviousPage} className="rounded border px-3 py-1 disabled:text-disabled">
          Previous
        </button>
        <button type="button" disabled={!pageInfo?.hasNextPage} className="rounded border px-3 py-1 disabled:text-disabled">
          Next
        </button>
      </nav>
    </Screen>
  );
}
