import { describe, expect, it } from "vitest";
import { backInStockAnswer } from "./back-in-stock-answer";

describe("backInStockAnswer", () => {
  it("names the ZIP once the address is confirmed", () => {
    expect(backInStockAnswer({ confirmed: true, signedIn: true, zip: "80011" })).toBe("Done: we will mail you once when it is back for delivery to 80011.");
  });

  it("tells a signed-in customer their own address waits for its confirmation", () => {
    expect(backInStockAnswer({ confirmed: false, signedIn: true, zip: "80011" })).toMatch(/^Almost done: we have mailed you a link/);
  });

  it("tells a guest no more than that a link went out if the address still needs one", () => {
    // A guest is never told an address is confirmed (backInStockAction): that would say who is on the list.
    const answer = backInStockAnswer({ confirmed: false, signedIn: false, zip: "80011" });
    expect(answer).toMatch(/^Thank you\. If this address still needs to confirm/);
    expect(answer).not.toContain("80011");
  });
});
