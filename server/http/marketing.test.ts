import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { parseConfig } from "../config";
import { createDeps } from "../context";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { createLogger } from "../log";

// The marketing list's API through the whole HTTP stack: bad input answers 400 naming the field and
// writes nothing; a sign-up answers the same for every address; RFC 8058 one-click unsubscribe
// works from another site without a session, and only with its form field; a GET of the link
// opens the preference centre.

let database: Database;
let app: ReturnType<typeof createApp>;
let deps: ReturnType<typeof createDeps>;

beforeAll(async () => {
  database = await openTestDatabase();
  deps = createDeps(parseConfig({ TRUST_PROXY: "true", PUBLIC_URL: "https://shop.example" }), database, createLogger("silent"), () => "test");
  app = createApp(deps, { handler: async () => new Response("page") });
}, 60_000);
afterAll(() => database?.close());

let ipCounter = 0;
const HOST = "localhost";
function post(path: string, body: string, headers: Record<string, string> = {}) {
  return app.request(`http://${HOST}/api/marketing${path}`, {
    method: "POST",
    headers: { host: HOST, origin: `http://${HOST}`, "content-type": "application/json", "x-forwarded-for": `198.51.100.${++ipCounter}`, ...headers },
    body,
  });
}
const subscribe = (body: unknown, headers?: Record<string, string>) => post("/subscribe", JSON.stringify(body), headers);
const oneClick = (token: string, body = "List-Unsubscribe=One-Click", headers: Record<string, string> = {}) =>
  post(`/unsubscribe?${new URLSearchParams({ token })}`, body, { "content-type": "application/x-www-form-urlencoded", ...headers });

let n = 0;
const address = () => `api${++n}.${Date.now().toString(36)}@example.test`;

/** Signs an address up and confirms it through the mail's link; the welcome mail's one-click URL. */
async function confirmedUnsubscribeUrl(email: string): Promise<URL> {
  expect((await subscribe({ email })).status).toBe(202);
  const [confirmation] = await deps.services.mail.latest({ to: email });
  const token = new URL(/https:\/\/shop\.example\/email\/confirm\?token=\S+/.exec(confirmation.text)![0]).searchParams.get("token");
  expect(await deps.services.marketing.confirm(token, { ip: null })).toMatchObject({ ok: true });
  const [welcome] = await deps.services.mail.latest({ to: email });
  return new URL(/^<(.+)>$/.exec(welcome.headers!["List-Unsubscribe"])![1]);
}

describe("POST /api/marketing/subscribe", () => {
  it("bad input: 400 naming the field, nothing kept", async () => {
    const email = "not-an-address";
    const bad = await subscribe({ email, topics: ["spam"] });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatchObject({
      code: "bad_request",
      fields: { email: "Enter a valid email address", topics: "Choose among our topics" },
    });
    const long = await subscribe({ email: address(), utm_campaign: "x".repeat(600) });
    expect((await long.json()).error.fields).toEqual({ utm_campaign: "Keep it under 500 characters" });
    expect((await subscribe({})).status).toBe(400);
    expect(await deps.services.marketing.list({ page: 1, pageSize: 10, search: "not-an-address" })).toMatchObject({ total: 0 });
  });

  it("answers the same for a new and a known address, keeps the e-mail-marketing parameters, and refuses another site's page", async () => {
    const email = address();
    const first = await subscribe({ email, _kx: "abc", utm_campaign: "spring" });
    const again = await subscribe({ email });
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(await first.json()).toEqual(await again.json());
    expect(await deps.services.marketing.byAddress(email)).toMatchObject([
      { state: "pending", source: "footer", integrationInfo: { _kx: "abc", utm_campaign: "spring" } },
    ]);
    expect((await subscribe({ email: address() }, { origin: "https://evil.example" })).status).toBe(403);
  });
});

describe("RFC 8058 one-click unsubscribe", () => {
  it("the welcome mail's List-Unsubscribe URL, POSTed from another site without a session, unsubscribes at once", async () => {
    const email = address();
    const url = await confirmedUnsubscribeUrl(email);
    expect(url.origin + url.pathname).toBe("https://shop.example/api/marketing/unsubscribe");
    const token = url.searchParams.get("token")!;
    const res = await oneClick(token, "List-Unsubscribe=One-Click", { origin: "https://mail.example", "sec-fetch-site": "cross-site" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ unsubscribed: true });
    expect((await deps.services.marketing.byAddress(email))[0].state).toBe("unsubscribed");
    // Again: still fine, still unsubscribed.
    expect((await oneClick(token)).status).toBe(200);
  });

  it("only with the one-click form field and a good token: 400 naming what is wrong, nothing changed", async () => {
    const email = address();
    const token = (await confirmedUnsubscribeUrl(email)).searchParams.get("token")!;
    for (const [body, type] of [
      ["", "application/x-www-form-urlencoded"],
      ["List-Unsubscribe=Yes", "application/x-www-form-urlencoded"],
      [JSON.stringify({ "List-Unsubscribe": "One-Click" }), "application/json"],
    ]) {
      const res = await oneClick(token, body, { "content-type": type });
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields).toHaveProperty("List-Unsubscribe");
    }
    const forged = await oneClick(`${token.slice(0, -1)}${token.endsWith("A") ? "Q" : "A"}`);
    expect(forged.status).toBe(400);
    expect((await forged.json()).error.fields).toHaveProperty("token");
    const missing = await post("/unsubscribe", "List-Unsubscribe=One-Click", { "content-type": "application/x-www-form-urlencoded" });
    expect((await missing.json()).error.fields).toEqual({ token: "Give the token of the mail's link" });
    expect((await deps.services.marketing.byAddress(email))[0].state).toBe("subscribed");
  });

  it("a GET of the link opens the preference centre", async () => {
    const url = await confirmedUnsubscribeUrl(address());
    const res = await app.request(`http://${HOST}${url.pathname}${url.search}`, { headers: { host: HOST } });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/email/preferences?token=${url.searchParams.get("token")}`);
  });
});
