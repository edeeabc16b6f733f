import { describe, expect, it } from "vitest";
import { centredPosition, modalShowDelay } from "./dialog-position";

describe("centredPosition", () => {
  it("centres a dialog that fits", () => {
    expect(centredPosition({ width: 1280, height: 800 }, { width: 560, height: 400 })).toEqual({ top: 200, left: 360 });
  });

  it("keeps the margin when the dialog is as large as the viewport or larger", () => {
    expect(centredPosition({ width: 375, height: 600 }, { width: 400, height: 900 })).toEqual({ top: 16, left: 16 });
    expect(centredPosition({ width: 375, height: 600 }, { width: 343, height: 568 }, 16)).toEqual({ top: 16, left: 16 });
  });
});

describe("modalShowDelay (SPEC §4: hidden for the first 750 ms after mount)", () => {
  it("waits out the rest of the 750 ms, then shows at once", () => {
    expect(modalShowDelay(0)).toBe(750);
    expect(modalShowDelay(500)).toBe(250);
    expect(modalShowDelay(750)).toBe(0);
    expect(modalShowDelay(5000)).toBe(0);
  });
});
