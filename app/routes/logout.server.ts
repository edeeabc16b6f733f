import { isOwnNavigation, signOutResponse } from "../features/account/session.server";
import { SESSION_COOKIE } from "../../server/modules/identity";
import type { Route } from "./+types/logout";
import { readCookie } from "../../rules/shared/cookies";

// The sign-out loader and action run on the server only: they call server code the page bundle
// must not load.

const sessionToken = (request: Request) => readCookie(request.headers.get("cookie"), SESSION_COOKIE);

/** A GET from our own pages (or typed) signs out at once; from another site it only shows the button. */
export async function logoutLoader({ request, context }: Route.LoaderArgs) {
  if (isOwnNavigation(request)) throw await signOutResponse(context, request, sessionToken(request), { returnTo: null, reason: "sign_out" });
  return { signedIn: Boolean(context.customer) };
}

export async function logoutAction({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const returnTo = form.get("returnTo");
  return signOutResponse(context, request, sessionToken(request), {
    returnTo: typeof returnTo === "string" ? returnTo : null,
    reason: form.get("reason") === "inactivity" ? "inactivity" : "sign_out",
  });
}
