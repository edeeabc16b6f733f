import { describe, expect, it } from "vitest";
import { cancel, decline, markDelivered, markFulfilled, markPaid, markShipped, refund } from "./status";

describe("order status transitions", () => {
  it("walks the happy path one step at a time", () => {
    expect(markPaid("placed")).toEqual({ ok: true, status: "paid" });
    expect(markFulfilled("paid")).toEqual({ ok: true, status: "fulfilled" });
    expect(markShipped("fulfilled")).toEqual({ ok: true, status: "shipped" });
    expect(markDelivered("shipped")).toEqual({ ok: true, status: "delivered" });
  });
  it("refuses skipped or backward steps", () => {
    expect(markShipped("paid").ok).toBe(false);
    expect(markPaid("paid").ok).toBe(false);
    expect(cancel("shipped").ok).toBe(false);
    expect(refund("placed").ok).toBe(false);
    expect(refund("delivered")).toEqual({ ok: true, status: "refunded" });
    expect(cancel("placed")).toEqual({ ok: true, status: "cancelled" });
  });
  it("declines only an order whose payment is under way, and a declined order moves no further", () => {
    expect(decline("placed")).toEqual({ ok: true, status: "declined" });
    expect(decline("paid").ok).toBe(false);
    for (const step of [markPaid, markFulfilled, markShipped, markDelivered, cancel, refund, decline]) expect(step("declined").ok).toBe(false);
  });
});
