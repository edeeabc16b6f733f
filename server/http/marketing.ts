import { Hono } from "hono";
import { z } from "zod";
import { oneClickBody } from "../../rules/marketing/preferences-input";
import { marketingParamsOf, signUpSchema } from "../../rules/marketing/sign-up-input";
import { PREFERENCES_PATH } from "../modules/marketing";
import { linkOrigin } from "../workflows/password-reset";
import { clientIp } from "./client-ip";
import type { AppEnv } from "./env";
import { apiError, formBody, jsonBody, parseForm, queryInput } from "./errors";

// The marketing list's API (server/modules/marketing):
// - POST /api/marketing/subscribe: the footer form's call for scripts; the same answer for every
//   address (202), a confirmation mail when the address needs one; rate-limited per address and IP.
// - POST /api/marketing/unsubscribe?token=…: RFC 8058 one-click. A mail client posts the form body
//   `List-Unsubscribe=One-Click` from anywhere, without a session: the signed token is the proof,
//   so this one path is exempt from the same-origin and JSON-only guards (server/http/edge.ts).
// - GET of that URL: the preference centre, where a person who opened the link lands.

const tokenQuery = z.object({ token: z.string({ error: "Give the token of the mail's link" }).min(1, "Give the token of the mail's link").max(2000) });

export function marketingRoutes() {
  const app = new Hono<AppEnv>();

  app.post("/subscribe", jsonBody(signUpSchema), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const deps = c.get("deps");
    const done = await deps.services.marketing.subscribe(
      { site: c.get("site").id, email: parsed.data.email, source: "footer", topics: parsed.data.topics, integrationInfo: marketingParamsOf(parsed.data) },
      { ip: clientIp(c, deps.config.trustProxy), origin: linkOrigin(deps.config, c.req.url) },
    );
    if (!done.ok) return apiError(c, 429, "rate_limited", done.message, { email: done.message });
    return c.json({ ok: true, message: "If this address needs to confirm, we have mailed it a link." }, 202);
  });

  app.post("/unsubscribe", queryInput(tokenQuery), formBody(oneClickBody), async (c) => {
    const query = await c.req.valid("json")();
    if (!query.ok) return query.response;
    const form = await parseForm(c, oneClickBody);
    if (!form.ok) return form.response;
    const deps = c.get("deps");
    const done = await deps.services.marketing.unsubscribe(query.data.token, { ip: clientIp(c, deps.config.trustProxy), via: "one_click" });
    if (!done.ok) return apiError(c, 400, "link_invalid", done.message, { token: done.message });
    c.header("Cache-Control", "no-store");
    return c.json({ unsubscribed: true });
  });

  app.get("/unsubscribe", queryInput(tokenQuery), async (c) => {
    const query = await c.req.valid("json")();
    if (!query.ok) return query.response;
    c.header("Cache-Control", "no-store");
    return c.redirect(`${PREFERENCES_PATH}?${new URLSearchParams({ token: query.data.token })}`, 303);
  });

  return app;
}
