import { Writable } from "node:stream";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { siteFor } from "../../rules/shared/site";
import { testDeps } from "../../server/testing/deps";
import { requestContext, resolveIdentity } from "../../server/request-context";
import Page, { loader } from "./account.autoships";

// My Subscriptions when the subscriptions cannot be read (SPEC §8 "Subscription fetch error:
// logged; result undefined"): the page is still My Subscriptions, with the account navigation and a
// short notice where the list would be — not the error page. The failure cannot be provoked in the
// browser tests' production server, so the loader runs here on a real database with the read
// failing, and the page is rendered from what it answered.

const logged: string[] = [];
const sink = new Writable({
  write: (chunk, _e, done) => {
    logged.push(String(chunk));
    done();
  },
});
const env = testDeps({ log: sink });

async function signedInContext(email: string) {
  const reg = await env.deps.services.identity.register(
    { firstName: "Pat", lastName: "Doe", email, password: "kibble123", confirmPassword: "kibble123", acceptsMarketing: false },
    "d2c",
  );
  if (!reg.ok) throw new Error("register failed");
  const request = new Request("http://localhost:3000/account/autoships", { headers: { cookie: `sessionToken=${reg.token}` } });
  const context = requestContext(env.deps, siteFor("d2c", "Kibble & Co."), await resolveIdentity(env.deps, request, null, "d2c"));
  return { request, context };
}

function render(loaderData: unknown, publicConfig: unknown) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: Outlet,
      loader: () => null,
      children: [
        {
          id: "routes/account",
          path: "account",
          Component: Outlet,
          loader: () => null,
          children: [{ id: "routes/account.autoships", path: "autoships", Component: Page as never, loader: () => null }],
        },
      ],
    },
  ]);
  return renderToStaticMarkup(
    <Stub
      initialEntries={["/account/autoships"]}
      hydrationData={{
        loaderData: { root: { config: publicConfig }, "routes/account": { signedIn: true, settings: null }, "routes/account.autoships": loaderData },
      }}
    />,
  );
}

describe("My Subscriptions when the subscriptions cannot be read", () => {
  it("logs the failure and renders the page with a notice where the list would be", async () => {
    const { request, context } = await signedInContext("subs-down@example.test");
    const failing = {
      ...context,
      services: { ...context.services, autoship: { ...context.services.autoship, page: () => Promise.reject(new Error("subscriptions table unreachable")) } },
    };
    const answer = await loader({ request, context: failing, params: {} } as never);
    expect(answer).toEqual({ signedIn: true, unavailable: true });
    expect(logged.some((line) => line.includes("subscriptions fetch failed") && line.includes("subscriptions table unreachable"))).toBe(true);

    const html = render(answer, context.publicConfig);
    expect(html).toContain("My Subscriptions");
    expect(html).toContain('data-testid="subscriptions-unavailable"');
    expect(html).toContain("Your subscriptions cannot be shown just now.");
    // The account navigation is there: the customer can go on to the other account pages.
    expect(html).toContain('href="/account/orders"');
  });

  it("with the read working, the same page lists them (here: none yet)", async () => {
    const { request, context } = await signedInContext("subs-up@example.test");
    const answer = await loader({ request, context, params: {} } as never);
    expect(answer).toMatchObject({ signedIn: true, unavailable: false, subscriptions: [] });
    const html = render(answer, context.publicConfig);
    expect(html).toContain('data-testid="subscriptions-empty"');
    expect(html).not.toContain("subscriptions-unavailable");
  });
});
