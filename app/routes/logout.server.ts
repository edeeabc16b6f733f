import { signOutResponse } from "../features/account/session.server";
import { SESSION_COOKIE } from "../../server/modules/identity/session-cookie";
import type { Route } from "./+types/logout";
import { readCookie } from "../../rules/cookies";

// The sign-out action runs on the server only: it calls server code the page bundle must not load.

export async function logoutAction({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const returnTo = form.get("returnTo");
  return signOutResponse(context, request, readCookie(request.headers.get("cookie"), SESSION_COOKIE), {
    returnTo: typeof returnTo === "string" ? returnTo : null,
    reason: form.get("reason") === "inactivity" ? "inactivity" : "sign_out",
  });
}
