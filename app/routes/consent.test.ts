import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { consentRecordInput } from "../../rules/consent/decision-record";
import { decodeConsentCookie, encodeConsentCookie, CONSENT_REVISION } from "../../rules/consent/categories-and-cookie";
import { action } from "./consent";

// The banner's form without the page's script (POST /consent): the choice kept in the consent
// cookie, its proof recorded as the privacy manager's would be, and back to the same page only.

const ORIGIN = "http://localhost:3000";

async function post(fields: Record<string, string>, { cookie, recordOk = true }: { cookie?: string; recordOk?: boolean } = {}) {
  const recorded: unknown[] = [];
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (cookie) headers.cookie = cookie;
  const request = new Request(`${ORIGIN}/consent`, { method: "POST", headers, body: new URLSearchParams(fields) });
  const context = {
    site: { id: "d2c" },
    clientIp: "203.0.113.9",
    log: { warn: () => {} },
    services: {
      consent: {
        record: async (input: unknown, ctx: unknown) => {
          recorded.push({ input, ctx });
          return recordOk ? { ok: true, id: "r1" } : { ok: false, code: "RATE_LIMITED", message: "later" };
        },
      },
    },
  } as unknown as AppLoadContext;
  const answer = (await action({ request, context, params: {} } as Parameters<typeof action>[0])) as Response;
  const setCookie = answer.headers.get("set-cookie");
  const value = setCookie ? /^kc_consent=([^;]*)/.exec(setCookie)?.[1] : undefined;
  return { answer, recorded, setCookie, decision: decodeConsentCookie(value) };
}

describe("POST /consent (the banner's buttons before or without the script)", () => {
  it("Accept all: the cookie, the proof of consent, and back to the same page", async () => {
    const { answer, recorded, decision, setCookie } = await post({ choice: "accept", returnTo: "/products?sort=price-asc" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/products?sort=price-asc");
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(setCookie).toMatch(/; Max-Age=\d+; Path=\/; SameSite=Lax$/);
    expect(decision).toMatchObject({ revision: CONSENT_REVISION, functional: true, advertising: true });
    expect(recorded).toHaveLength(1);
    const [{ input, ctx }] = recorded as { input: unknown; ctx: unknown }[];
    // The same body the privacy manager sends to POST /api/consent.
    expect(consentRecordInput.parse(input)).toMatchObject({ anonymousId: decision!.anonymousId, source: "banner", categories: { functional: true } });
    expect(ctx).toEqual({ site: "d2c", ip: "203.0.113.9" });
  });

  it("Reject all keeps the browser's anonymous id", async () => {
    const earlier = encodeConsentCookie({
      revision: CONSENT_REVISION + 1,
      functional: true,
      advertising: true,
      anonymousId: "EarlierBrowserId_0001",
      decidedAt: 1,
    });
    const { decision } = await post({ choice: "reject", returnTo: "/cart" }, { cookie: `kc_consent=${earlier}` });
    expect(decision).toMatchObject({ functional: false, advertising: false, anonymousId: "EarlierBrowserId_0001" });
  });

  it.each([["https://evil.example/"], ["//evil.example/x"], ["/consent"], [""]])("goes home, not back to %j", async (returnTo) => {
    expect((await post({ choice: "accept", returnTo })).answer.headers.get("location")).toBe("/");
  });

  it("keeps the choice when its proof is refused by the rate limit", async () => {
    expect((await post({ choice: "accept", returnTo: "/" }, { recordOk: false })).decision).not.toBeNull();
  });

  it("answers 400 naming the field for another choice, and keeps nothing", async () => {
    const { answer, recorded, setCookie } = await post({ choice: "everything", returnTo: "/" });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toMatch(/^choice:/);
    expect(recorded).toEqual([]);
    expect(setCookie).toBeNull();
  });
});
