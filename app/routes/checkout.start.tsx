import { startCheckout } from "../features/checkout/checkout.server";
import type { Route } from "./+types/checkout.start";

// The hand-off from the cart (SPEC §4): the cart's "Proceed to Checkout" form posts here (with the
// autoship terms acknowledgement); a GET resumes it, e.g. after signing in from the autoship login.
export const action = async ({ request, context }: Route.ActionArgs) => {
  const form = await request.formData();
  return startCheckout(request, context, form.get("autoshipTerms") === "on");
};

export const loader = ({ request, context }: Route.LoaderArgs) => startCheckout(request, context, false);
