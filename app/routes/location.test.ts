import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { sendSignedInBack } from "../features/account/session.server";
import { action as locationAction } from "./location";

// The Referer read the same way by both pages that go back to it: a signed-in shopper bounced off the
// sign-in page, and the ZIP form posted without its redirectTo field (rules/account/sign-in-redirect.ts
// sameSiteReferer, one list of pages never gone back to).

const ORIGIN = "http://localhost:3000";

/** Where the signed-in shopper opening /shelter/login is sent, for this Referer. */
function signedInBounce(referer: string): string | null {
  const request = new Request(`${ORIGIN}/shelter/login`, { headers: { referer } });
  try {
    sendSignedInBack({ customer: { id: "c1" } } as unknown as AppLoadContext, request);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("location");
    throw thrown;
  }
  return null;
}

/** Where the ZIP form (no redirectTo) goes back to after a served ZIP, for this Referer. */
async function zipFormBack(referer: string): Promise<string | null> {
  const request = new Request(`${ORIGIN}/location`, {
    method: "POST",
    headers: { referer, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ zip: "80011" }),
  });
  const context = { services: { catalog: { checkZip: async (zip: string) => ({ ok: true, zip, warehouse: { code: "DEN" } }) } } } as unknown as AppLoadContext;
  const answer = (await locationAction({ request, context, params: {} } as Parameters<typeof locationAction>[0])) as Response;
  return answer.headers.get("location");
}

describe("the Referer: the same way back from the sign-in page and the ZIP form", () => {
  it.each([
    ["/products?page=2", "/products?page=2"],
    ["/cart", "/cart"],
    ["/location", "/"],
    ["/shelter/login", "/"],
    ["/shelter/reset-password?token=abc", "/"],
    ["/logout", "/"],
  ])("Referer %s → %s from both", async (path, expected) => {
    const referer = `${ORIGIN}${path}`;
    expect({ bounce: signedInBounce(referer), zipForm: await zipFormBack(referer) }).toEqual({ bounce: expected, zipForm: expected });
  });

  it("another site's Referer sends both home", async () => {
    expect({ bounce: signedInBounce("https://evil.example/cart"), zipForm: await zipFormBack("https://evil.example/cart") }).toEqual({
      bounce: "/",
      zipForm: "/",
    });
  });
});

describe("the ZIP form's userLocation cookie (SPEC §9)", () => {
  async function cookieFor(customer: { id: string } | null): Promise<string | undefined> {
    const request = new Request(`${ORIGIN}/location`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ zip: "80011", redirectTo: "/cart" }),
    });
    const context = {
      customer,
      services: { catalog: { checkZip: async (zip: string) => ({ ok: true, zip, warehouse: { code: "DEN" } }) } },
    } as unknown as AppLoadContext;
    const answer = (await locationAction({ request, context, params: {} } as Parameters<typeof locationAction>[0])) as Response;
    return answer.headers.getSetCookie().find((c) => c.startsWith("userLocation="));
  }

  it("is the guest form {zip}::HOME for a guest and {zip}::home for a signed-in shopper", async () => {
    expect(await cookieFor(null)).toMatch(/^userLocation=80011%3A%3AHOME;/);
    expect(await cookieFor({ id: "c1" })).toMatch(/^userLocation=80011%3A%3Ahome;/);
  });
});
