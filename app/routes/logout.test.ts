import { describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { testDeps } from "../../server/testing/deps";
import { requestContext, resolveIdentity } from "../../server/request-context";
import { siteFor } from "../../rules/shared/site";
import { action, loader } from "./logout";

// SPEC §2 /logout: a GET from our own pages or a typed URL signs out at once and lands on /; a GET
// from another site only shows the button. SPEC §4: sign-out clears the cookies, og_auth and the
// location cookies included, and the session stops working on the server.

const env = testDeps();

async function signedIn(email: string) {
  const r = await env.deps.services.identity.register(
    { firstName: "Pat", lastName: "Doe", email, password: "kibble123", confirmPassword: "kibble123", acceptsMarketing: false },
    "d2c",
  );
  if (!r.ok) throw new Error("register failed");
  return r.token;
}

function logoutRequest(token: string, headers: Record<string, string>, method = "GET", body?: FormData) {
  return new Request("http://localhost:3000/logout", {
    method,
    body,
    headers: { cookie: `sessionToken=${token}; og_auth=x|y|z; userLocation=80011::home; userWarehouse=DEN; col_cart_id=abc`, ...headers },
  });
}

async function run(fn: typeof loader | typeof action, request: Request): Promise<unknown> {
  const identity = await resolveIdentity(env.deps, request, "127.0.0.1", "d2c");
  const context = requestContext(env.deps, siteFor("d2c", "Kibble & Co."), identity);
  try {
    return await fn({ request, context, params: {} } as never);
  } catch (thrown) {
    return thrown;
  }
}

const cleared = (res: Response) =>
  res.headers
    .getSetCookie()
    .filter((c) => /Max-Age=0/.test(c))
    .map((c) => c.split("=")[0])
    .sort();

describe("GET /logout", () => {
  for (const site of ["same-origin", "none"]) {
    it(`signs out at once and lands on / when Sec-Fetch-Site is ${site}`, async () => {
      const token = await signedIn(`get-${site}@example.test`);
      const res = (await run(loader, logoutRequest(token, { "sec-fetch-site": site }))) as Response;
      expect(res).toBeInstanceOf(Response);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
      expect(cleared(res)).toEqual(["col_cart_id", "guest_col_cart_id", "isEligibleForPd", "og_auth", "sessionToken", "userLocation", "userWarehouse"]);
      expect(await env.deps.services.identity.resolveSession(token)).toBeNull();
    });
  }

  for (const headers of [{ "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site" }, {}] as Record<string, string>[]) {
    it(`only shows the button for ${JSON.stringify(headers)}`, async () => {
      const token = await signedIn(`get-${JSON.stringify(headers).replace(/\W/g, "")}@example.test`);
      expect(await run(loader, logoutRequest(token, headers))).toEqual({ signedIn: true });
      expect(await env.deps.services.identity.resolveSession(token)).not.toBeNull();
    });
  }
});

describe("POST /logout", () => {
  it("clears og_auth, userLocation and userWarehouse with the session, and stays put off /account", async () => {
    const token = await signedIn("post@example.test");
    const form = new FormData();
    form.set("returnTo", "/products");
    const res = (await run(action, logoutRequest(token, { "sec-fetch-site": "same-origin" }, "POST", form))) as Response;
    expect(res.headers.get("location")).toBe("/products");
    expect(cleared(res)).toEqual(["col_cart_id", "guest_col_cart_id", "isEligibleForPd", "og_auth", "sessionToken", "userLocation", "userWarehouse"]);
    expect(await env.deps.services.identity.resolveSession(token)).toBeNull();
  });
});

describe("through the whole app", () => {
  it("the sign-out answer does not set og_auth again for the customer it signed out", async () => {
    const token = await signedIn("app@example.test");
    const app = createApp(env.deps, {
      handler: async (request, context) => {
        try {
          return (await loader({ request, context, params: {} } as never)) as unknown as Response;
        } catch (thrown) {
          return thrown as Response;
        }
      },
    });
    // No og_auth cookie yet: on any other page the app would set one for a signed-in customer.
    const res = await app.request("http://localhost/logout", {
      headers: { host: "localhost", cookie: `sessionToken=${token}`, "sec-fetch-site": "same-origin" },
    });
    expect(res.status).toBe(302);
    expect(res.headers.getSetCookie().filter((c) => c.startsWith("og_auth="))).toEqual(["og_auth=; Path=/; Max-Age=0; SameSite=Lax; Secure"]);
  });
});
