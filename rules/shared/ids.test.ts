import { describe, expect, it } from "vitest";
import { isUuid } from "./ids";

describe("isUuid", () => {
  it("accepts the 8-4-4-4-12 hex shape in either case", () => {
    expect(isUuid("0b6f1c9e-3f4a-4c1d-9a2b-7e8f9a0b1c2d")).toBe(true);
    expect(isUuid("0B6F1C9E-3F4A-4C1D-9A2B-7E8F9A0B1C2D")).toBe(true);
    expect(isUuid("00000000-0000-0000-0000-000000000000")).toBe(true);
  });

  it("refuses anything else", () => {
    expect(isUuid("0b6f1c9e3f4a4c1d9a2b7e8f9a0b1c2d")).toBe(false);
    expect(isUuid("0b6f1c9e-3f4a-4c1d-9a2b-7e8f9a0b1c2")).toBe(false);
    expect(isUuid("0b6f1c9e-3f4a-4c1d-9a2b-7e8f9a0b1c2dd")).toBe(false);
    expect(isUuid("------------------------------------")).toBe(false);
    expect(isUuid("0b6f1c9g-3f4a-4c1d-9a2b-7e8f9a0b1c2d")).toBe(false);
    expect(isUuid(" 0b6f1c9e-3f4a-4c1d-9a2b-7e8f9a0b1c2d")).toBe(false);
    expect(isUuid("KC-100001")).toBe(false);
    expect(isUuid("")).toBe(false);
  });
});
