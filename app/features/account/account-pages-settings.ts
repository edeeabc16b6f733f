import { useRouteLoaderData } from "react-router";
import type { ContentBody } from "../../../server/modules/content";

// SPEC §7 get-account-pages-settings: the account pages' words from content — My Account's welcome,
// the empty My Orders and My Subscriptions, the Address Book's note. Loaded once by the /account
// layout (app/routes/account.tsx) for every account page; these stand in when the entry is missing
// or could not be read (content is never worth failing a page for).

export type AccountPagesSettings = ContentBody<"account-pages-settings">;

export const DEFAULT_ACCOUNT_PAGES_SETTINGS: AccountPagesSettings = {
  dashboardHtml: "",
  ordersEmptyText: "You have not placed any orders yet.",
  autoshipsEmptyText: "You have no Autoship subscriptions yet.",
  addressBookHtml: "",
};

/** The account pages' settings, from the /account layout's loader data. */
export function useAccountPagesSettings(): AccountPagesSettings {
  const layout = useRouteLoaderData("routes/account") as { settings?: AccountPagesSettings | null } | undefined;
  return layout?.settings ?? DEFAULT_ACCOUNT_PAGES_SETTINGS;
}
