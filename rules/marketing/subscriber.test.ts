import { describe, expect, it } from "vitest";
import { fieldErrors } from "../shared/zod-errors";
import { preferencesSchema } from "./preferences-input";
import { marketingParamsOf, signUpSchema } from "./sign-up-input";
import { changePreferences, confirm, keptTopics, receivesMarketing, request, RESEND_AFTER_MS, signUpTopics, suppress, unsubscribe } from "./subscriber";

const now = new Date("2026-11-28T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);

describe("the subscriber's moves", () => {
  it("a request makes a new or unsubscribed address pending and mails it; a pending one only after RESEND_AFTER_MS", () => {
    expect(request(null, null, now, "checkout")).toEqual({ ok: true, state: "pending", mail: true });
    expect(request("unsubscribed", ago(60_000), now, "footer")).toEqual({ ok: true, state: "pending", mail: true });
    expect(request("pending", ago(RESEND_AFTER_MS - 1), now, "footer")).toEqual({ ok: true, state: "pending", mail: false });
    expect(request("pending", ago(RESEND_AFTER_MS), now, "footer")).toEqual({ ok: true, state: "pending", mail: true });
    expect(request("pending", null, now, "registration")).toEqual({ ok: true, state: "pending", mail: true });
    expect(request("subscribed", null, now, "footer")).toEqual({ ok: true, state: "subscribed", mail: false });
    expect(request("suppressed", null, now, "console")).toMatchObject({ ok: false, code: "NOT_ALLOWED" });
  });

  it("checkout's box (ticked in advance from the account) never undoes an unsubscribe; a sign-up does", () => {
    expect(request("unsubscribed", ago(60_000), now, "checkout")).toEqual({ ok: true, state: "unsubscribed", mail: false });
    expect(request("unsubscribed", ago(60_000), now, "registration")).toEqual({ ok: true, state: "pending", mail: true });
  });

  it("confirming: pending → subscribed (the welcome mail); subscribed stays; unsubscribed and suppressed are refused", () => {
    expect(confirm("pending")).toEqual({ ok: true, state: "subscribed", mail: true });
    expect(confirm("subscribed")).toEqual({ ok: true, state: "subscribed", mail: false });
    expect(confirm("unsubscribed")).toMatchObject({ ok: false });
    expect(confirm("suppressed")).toMatchObject({ ok: false });
  });

  it("unsubscribing takes pending and subscribed off the list; it never lifts a suppression", () => {
    expect(unsubscribe("pending")).toMatchObject({ ok: true, state: "unsubscribed" });
    expect(unsubscribe("subscribed")).toMatchObject({ ok: true, state: "unsubscribed" });
    expect(unsubscribe("unsubscribed")).toMatchObject({ ok: true, state: "unsubscribed" });
    expect(unsubscribe("suppressed")).toMatchObject({ ok: true, state: "suppressed" });
    expect(suppress()).toMatchObject({ ok: true, state: "suppressed" });
  });

  it("preferences change only while on the list", () => {
    expect(changePreferences("subscribed")).toMatchObject({ ok: true, state: "subscribed" });
    expect(changePreferences("pending")).toMatchObject({ ok: true, state: "pending" });
    expect(changePreferences("unsubscribed")).toMatchObject({ ok: false });
    expect(changePreferences("suppressed")).toMatchObject({ ok: false });
  });

  it("only a subscribed, unpaused subscriber of the topic receives marketing", () => {
    const s = { state: "subscribed" as const, topics: ["offers"], pausedUntil: null };
    expect(receivesMarketing(s, "offers", now)).toBe(true);
    expect(receivesMarketing(s, "new_products", now)).toBe(false);
    expect(receivesMarketing({ ...s, pausedUntil: new Date(now.getTime() + 1) }, "offers", now)).toBe(false);
    expect(receivesMarketing({ ...s, pausedUntil: now }, "offers", now)).toBe(true);
    for (const state of ["pending", "unsubscribed", "suppressed"] as const) expect(receivesMarketing({ ...s, state }, "offers", now)).toBe(false);
  });
});

describe("topics", () => {
  it("a sign-up keeps the site's topics among those chosen, all of them when none is the site's", () => {
    expect(signUpTopics("d2c", undefined)).toEqual(["offers", "new_products", "autoship_tips", "donation_news"]);
    expect(signUpTopics("d2c", ["donation_news", "offers"])).toEqual(["offers", "donation_news"]);
    expect(signUpTopics("hpsf", ["offers"])).toEqual(["program_news"]);
    expect(keptTopics("d2c", [])).toEqual([]);
    expect(keptTopics("hpsf", ["offers", "program_news"])).toEqual(["program_news"]);
  });
});

describe("inputs", () => {
  it("a sign-up names the bad field; the address is trimmed and lower-cased; the marketing parameters are kept", () => {
    const bad = signUpSchema.safeParse({ email: "not-an-address", topics: ["spam"] });
    expect(bad.success ? {} : fieldErrors(bad.error)).toEqual({ email: "Enter a valid email address", topics: "Choose among our topics" });
    const ok = signUpSchema.parse({ email: "  Pat@Example.TEST ", topics: "offers", _kx: " abc ", utm_campaign: "spring", utm_content: "" });
    expect(ok).toMatchObject({ email: "pat@example.test", topics: ["offers"] });
    expect(marketingParamsOf(ok)).toEqual({ _kx: "abc", utm_campaign: "spring" });
    expect(signUpSchema.safeParse({ email: "a@b.test", variation: "x".repeat(501) }).success).toBe(false);
  });

  it("the preference centre's intents", () => {
    expect(preferencesSchema.parse({ intent: "topics", topics: ["offers", "autoship_tips"] })).toEqual({
      intent: "topics",
      topics: ["offers", "autoship_tips"],
    });
    expect(preferencesSchema.parse({ intent: "topics" })).toEqual({ intent: "topics", topics: [] });
    expect(preferencesSchema.parse({ intent: "pause", days: "60" })).toEqual({ intent: "pause", days: 60 });
    const badPause = preferencesSchema.safeParse({ intent: "pause", days: "7" });
    expect(badPause.success ? {} : fieldErrors(badPause.error)).toEqual({ days: "Choose 30, 60 or 90 days" });
    expect(preferencesSchema.safeParse({ intent: "delete-everything" }).success).toBe(false);
  });
});
