import { redirect } from "react-router";
import { consentFormAction } from "./consent.server";
import type { Route } from "./+types/consent";

// POST /consent: the cookie banner's "Accept all" and "Reject all" as a plain form, so a press
// before (or without) the page's script counts. Data only: it answers with a redirect.

export const action = (args: Route.ActionArgs) => consentFormAction(args);

/** Typed or followed: nothing to show here. */
export const loader = () => redirect("/");
