import { describe, expect, it } from "vitest";
import { canRenewNow, canRetryRenewal, subscriptionListHref } from "./subscription-actions";
import { parseConsoleAction, subscriptionListQuery } from "./subscription-action-input";

// The console's Subscriptions list URL (a bad link still opens the list) and the action input.

describe("the list's query", () => {
  it("reads filters, sort and page from the URL and writes them back without the defaults", () => {
    const q = subscriptionListQuery(
      new URLSearchParams("q=%20pat%20&view=failures&status=active&hold=payment_failed&site=d2c&from=2026-01-01&to=2026-02-01&sort=customer&dir=desc&page=3"),
    );
    expect(q).toEqual({
      q: "pat",
      failures: true,
      status: "active",
      hold: "payment_failed",
      site: "d2c",
      from: "2026-01-01",
      to: "2026-02-01",
      sort: "customer",
      dir: "desc",
      page: 3,
    });
    expect(subscriptionListHref(q, { page: 1 })).toBe(
      "/admin/subscriptions?q=pat&view=failures&status=active&hold=payment_failed&site=d2c&from=2026-01-01&to=2026-02-01&sort=customer&dir=desc",
    );
  });

  it("falls back to the defaults for anything malformed", () => {
    const q = subscriptionListQuery(new URLSearchParams("status=gone&hold=x&site=mars&from=2026-13-40&sort=price&dir=up&page=-2"));
    expect(q).toEqual({ q: "", failures: false, status: null, hold: null, site: null, from: null, to: null, sort: "next", dir: "asc", page: 1 });
    expect(subscriptionListHref(q)).toBe("/admin/subscriptions");
  });
});

describe("an operator's action", () => {
  it("needs a reason from the list; 'other' needs a note; cancel needs the customer's reason and the tick", () => {
    expect(parseConsoleAction({ intent: "pause" })).toEqual({ ok: false, errors: { reason: "Choose a reason" } });
    expect(parseConsoleAction({ intent: "pause", reason: "other" })).toEqual({ ok: false, errors: { note: "Say why in the note" } });
    expect(parseConsoleAction({ intent: "pause", reason: "other", note: " on holiday " })).toEqual({
      ok: true,
      input: { intent: "pause", reason: "other", note: "on holiday" },
    });
    expect(parseConsoleAction({ intent: "fly", reason: "other" })).toMatchObject({ ok: false, errors: { intent: expect.any(String) } });
    const cancel = parseConsoleAction({ intent: "cancel", reason: "customer_request" });
    expect(cancel.ok ? [] : Object.keys(cancel.errors).sort()).toEqual(["cancelReason", "confirm"]);
  });

  it("a retry is for an active subscription whose due cycle is held or failed", () => {
    const due = { status: "active" as const, hold: "out_of_stock" as const, retryAt: null, nextOrderDate: "2026-05-01" };
    expect(canRetryRenewal(due, "2026-05-01")).toBe(true);
    expect(canRetryRenewal({ ...due, hold: null, retryAt: "2026-05-02T00:00:00Z" }, "2026-05-01")).toBe(true);
    expect(canRetryRenewal({ ...due, hold: null }, "2026-05-01")).toBe(false);
    expect(canRetryRenewal({ ...due, status: "paused", hold: "payment_failed" }, "2026-05-01")).toBe(false);
    expect(canRetryRenewal(due, "2026-04-30")).toBe(false);
  });

  it("renew now is for an active subscription waiting on nothing whose next order is still ahead", () => {
    const ahead = { status: "active" as const, hold: null, retryAt: null, nextOrderDate: "2026-05-10" };
    expect(canRenewNow(ahead, "2026-05-01")).toBe(true);
    expect(canRenewNow(ahead, "2026-05-10")).toBe(false);
    expect(canRenewNow({ ...ahead, hold: "out_of_stock" }, "2026-05-01")).toBe(false);
    expect(canRenewNow({ ...ahead, retryAt: "2026-05-02T00:00:00Z" }, "2026-05-01")).toBe(false);
    expect(canRenewNow({ ...ahead, status: "paused" }, "2026-05-01")).toBe(false);
  });
});
