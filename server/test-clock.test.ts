import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config";
import { createTestClock } from "./test-clock";

// The browser tests' clock hook: off unless TEST_CLOCK says so, refused in a production start
// against PostgreSQL, and an offset from the system's time that each call sets anew.

describe("the test clock", () => {
  it("is off by default and refused in production with DATABASE_URL", () => {
    expect(parseConfig({}).testClock).toBe(false);
    expect(parseConfig({ TEST_CLOCK: "on", NODE_ENV: "production" }).testClock).toBe(true);
    const production = { NODE_ENV: "production", DATABASE_URL: "postgres://shop@db/shop", SESSION_SECRET: "s".repeat(32) };
    expect(parseConfig(production).testClock).toBe(false);
    expect(() => parseConfig({ ...production, TEST_CLOCK: "on" })).toThrow(ConfigError);
  });

  it("runs ahead of the base clock by the offset last set", () => {
    const base = new Date("2026-11-29T10:00:00Z");
    const clock = createTestClock(() => base);
    expect(clock.now()).toEqual(base);
    clock.setOffset(61 * 60_000);
    expect(clock.now().toISOString()).toBe("2026-11-29T11:01:00.000Z");
    clock.setOffset(24 * 60 * 60_000);
    expect(clock.now().toISOString()).toBe("2026-11-30T10:00:00.000Z");
    expect(clock.offsetMs()).toBe(24 * 60 * 60_000);
  });
});
