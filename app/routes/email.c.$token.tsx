import { redirect } from "react-router";
import type { Route } from "./+types/email.c.$token";

// A campaign mail's link: the signed token names the delivery and the page of the shop it leads to
// (server/modules/marketing/links.ts). The first click of a delivery is counted; a link whose
// signature does not hold leads to the home page, and nothing is counted. No tracking pixel exists.

export async function loader({ context, params }: Route.LoaderArgs) {
  const r = await context.services.campaigns.click(params.token);
  throw redirect(r.ok ? r.path : "/", { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}
