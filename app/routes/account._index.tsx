import { redirect } from "react-router";
import type { Route } from "./+types/account._index";

// /account itself has no page of its own: a signed-in customer is sent to My Account
// (/account/dashboard). Signed out, the /account layout shows its sign-in notice, whose sign-in
// comes back here and then on to the dashboard.

export function loader({ context }: Route.LoaderArgs) {
  if (context.customer) throw redirect("/account/dashboard");
  return null;
}

export default function AccountIndex() {
  return null;
}
