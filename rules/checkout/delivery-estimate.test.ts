import { describe, expect, it } from "vitest";
import { deliveryDayText, deliveryPromise, estimateDeliveryDay, HAWAII_DELIVERY_TEXT, hidesDeliveryEstimate, shipDate } from "./delivery-estimate";
import { dayOf } from "../shared/calendar-days";

// 2025-03-03 is a Monday.
const monMorning = new Date("2025-03-03T09:00:00Z");
const monAfterCutoff = new Date("2025-03-03T14:00:00Z");
const friAfternoon = new Date("2025-03-07T15:30:00Z");
const saturday = new Date("2025-03-08T08:00:00Z");

describe("delivery estimate in business days with a 14:00 UTC cut-off", () => {
  it("ships the same day before the cut-off, else the next business day", () => {
    expect(dayOf(shipDate(monMorning))).toBe("2025-03-03");
    expect(dayOf(shipDate(monAfterCutoff))).toBe("2025-03-04");
    expect(dayOf(shipDate(friAfternoon))).toBe("2025-03-10");
    expect(dayOf(shipDate(saturday))).toBe("2025-03-10");
  });

  it("adds the transit days as business days, skipping weekends", () => {
    expect(dayOf(estimateDeliveryDay(monMorning, 1))).toBe("2025-03-04");
    expect(dayOf(estimateDeliveryDay(monMorning, 3))).toBe("2025-03-06");
    expect(dayOf(estimateDeliveryDay(new Date("2025-03-06T10:00:00Z"), 2))).toBe("2025-03-10");
    // Alaska: 7 business days from Friday after the cut-off → ships Monday 10th, arrives Wednesday 19th.
    expect(dayOf(estimateDeliveryDay(friAfternoon, 7))).toBe("2025-03-19");
    expect(dayOf(estimateDeliveryDay(saturday, 1))).toBe("2025-03-11");
  });

  it("shows the date as en-US weekday, month and day", () => {
    expect(deliveryDayText(new Date("2025-03-04T00:00:00Z"))).toBe("Tue, Mar 4");
  });
});

describe("Hawaii rule of SPEC §6", () => {
  const estimate = { dateText: "Tue, Mar 4", location: "80011" };

  it("shows the estimate with its location otherwise", () => {
    expect(deliveryPromise(estimate, { state: "CO", hawaiiShippingFlag: true })).toBe("Estimated delivery Tue, Mar 4 to 80011");
    expect(deliveryPromise(estimate, { state: null, hawaiiShippingFlag: true })).toBe("Estimated delivery Tue, Mar 4 to 80011");
  });

  it("replaces the estimate for a profile in HI when the flag is on", () => {
    expect(hidesDeliveryEstimate("HI", true)).toBe(true);
    expect(hidesDeliveryEstimate("hi", true)).toBe(true);
    expect(deliveryPromise(estimate, { state: "HI", hawaiiShippingFlag: true })).toBe(HAWAII_DELIVERY_TEXT);
    expect(HAWAII_DELIVERY_TEXT).toBe("See checkout for delivery date");
  });

  it("keeps the estimate in Hawaii when the flag is off", () => {
    expect(hidesDeliveryEstimate("HI", false)).toBe(false);
  });

  it("with no estimate known (no warehouse serves the ZIP), says nothing, unless the Hawaii text applies", () => {
    expect(deliveryPromise(null, { state: "CO", hawaiiShippingFlag: true })).toBeNull();
    expect(deliveryPromise(null, { state: "HI", hawaiiShippingFlag: true })).toBe(HAWAII_DELIVERY_TEXT);
    expect(deliveryPromise(null, { state: "HI", hawaiiShippingFlag: false })).toBeNull();
  });
});
