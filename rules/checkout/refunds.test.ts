import { describe, expect, it } from "vitest";
import { chargedCents, lineRefundCents, planRefund, type RefundableLine } from "./refunds";

const line = (over: Partial<RefundableLine> = {}): RefundableLine => ({
  id: "a",
  sku: "SKU-A",
  title: "Kibble",
  quantity: 3,
  chargedCents: 1000,
  refundedQuantity: 0,
  ...over,
});

describe("refund amounts", () => {
  it("a line's charged money is its subtotal less its discount plus its tax", () => {
    expect(chargedCents({ subtotalCents: 5000, discountCents: 750, taxCents: 310 })).toBe(4560);
  });

  it("units refunded one by one add up to exactly what the line was charged (rounding is cumulative)", () => {
    const l = line();
    const first = lineRefundCents(l, 1);
    const second = lineRefundCents({ ...l, refundedQuantity: 1 }, 1);
    const third = lineRefundCents({ ...l, refundedQuantity: 2 }, 1);
    expect([first, second, third]).toEqual([333, 333, 334]);
    expect(first + second + third).toBe(1000);
    expect(lineRefundCents(l, 3)).toBe(1000);
    expect(lineRefundCents(l, 2) + lineRefundCents({ ...l, refundedQuantity: 2 }, 1)).toBe(1000);
  });
});

describe("planRefund", () => {
  const lines = [line(), line({ id: "b", sku: "SKU-B", quantity: 1, chargedCents: 2599, refundedQuantity: 0 })];

  it("plans units and an amount beyond them; whole when it returns all the payment has left", () => {
    const plan = planRefund(lines, { lines: [{ lineId: "a", quantity: 1 }], otherCents: 500 }, 4398);
    expect(plan).toEqual({
      ok: true,
      lines: [{ lineId: "a", sku: "SKU-A", title: "Kibble", quantity: 1, amountCents: 333 }],
      otherCents: 500,
      totalCents: 833,
      whole: false,
    });
    const all = planRefund(
      lines,
      {
        lines: [
          { lineId: "a", quantity: 3 },
          { lineId: "b", quantity: 1 },
        ],
        otherCents: 799,
      },
      4398,
    );
    expect(all).toMatchObject({ ok: true, totalCents: 4398, whole: true });
  });

  it("refuses units already refunded, more than ordered, unknown or repeated lines, bad numbers, nothing at all, and more than is left", () => {
    const partly = [line({ refundedQuantity: 2 }), lines[1]];
    expect(planRefund(partly, { lines: [{ lineId: "a", quantity: 2 }], otherCents: 0 }, 5000)).toEqual({
      ok: false,
      field: "lines.0.quantity",
      message: "At most 1 of SKU-A can be refunded.",
    });
    expect(planRefund([line({ refundedQuantity: 3 })], { lines: [{ lineId: "a", quantity: 1 }], otherCents: 0 }, 5000)).toMatchObject({
      ok: false,
      message: "SKU-A is already refunded in full.",
    });
    expect(planRefund(lines, { lines: [{ lineId: "zzz", quantity: 1 }], otherCents: 0 }, 5000)).toMatchObject({ ok: false, field: "lines.0.quantity" });
    expect(
      planRefund(
        lines,
        {
          lines: [
            { lineId: "a", quantity: 1 },
            { lineId: "a", quantity: 1 },
          ],
          otherCents: 0,
        },
        5000,
      ),
    ).toMatchObject({ ok: false, field: "lines.1.quantity" });
    expect(planRefund(lines, { lines: [{ lineId: "a", quantity: 1.5 }], otherCents: 0 }, 5000)).toMatchObject({ ok: false, field: "lines.0.quantity" });
    expect(planRefund(lines, { lines: [{ lineId: "a", quantity: -1 }], otherCents: 0 }, 5000)).toMatchObject({ ok: false, field: "lines.0.quantity" });
    expect(planRefund(lines, { lines: [], otherCents: -5 }, 5000)).toMatchObject({ ok: false, field: "otherCents" });
    expect(planRefund(lines, { lines: [{ lineId: "a", quantity: 0 }], otherCents: 0 }, 5000)).toMatchObject({ ok: false, field: "lines" });
    expect(planRefund(lines, { lines: [{ lineId: "b", quantity: 1 }], otherCents: 0 }, 2000)).toMatchObject({
      ok: false,
      field: "lines",
      message: "At most 20.00 can still be refunded on this order.",
    });
    expect(planRefund(lines, { lines: [], otherCents: 2001 }, 2000)).toMatchObject({ ok: false, field: "otherCents" });
  });
});
