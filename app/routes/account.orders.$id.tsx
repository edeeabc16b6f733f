import { data } from "react-router";
import type { Route } from "./+types/account.orders.$id";
import { titleMeta } from "../lib/meta";

export const meta = titleMeta("order");

// No orders exist until checkout is built: every order id is unknown (404) for a signed-in customer.
// Signed out, the /account layout shows the sign-in notice.
export function loader({ context }: Route.LoaderArgs) {
  if (!context.customer) return { signedIn: false };
  throw data("Order not found", { status: 404 });
}

export default function Page() {
  return null;
}
