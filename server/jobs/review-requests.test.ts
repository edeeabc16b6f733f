import { describe, expect, it } from "vitest";
import { createLogger } from "../log";
import { startReviewRequests } from "./review-requests";

// The review-request timer: runs the service's pass with the clock's time, again after each
// interval, keeps going after a failed pass, and stop() waits for a pass under way.

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("startReviewRequests", () => {
  it("runs the pass with the clock's time, repeatedly, and survives a failure", async () => {
    const now = new Date("2030-03-01T08:00:00Z");
    const calls: Date[] = [];
    const job = startReviewRequests(
      {
        reviews: {
          sendDueRequests: async (at) => {
            calls.push(at ?? new Date(0));
            if (calls.length === 1) throw new Error("outbox down");
            return 1;
          },
        },
        log: createLogger("silent"),
      },
      { firstRunAfterMs: 0, intervalMs: 5, clock: () => now },
    );
    await wait(80);
    await job.stop();
    expect(calls.length).toBeGreaterThanOrEqual(3);
    expect(calls.every((d) => d.getTime() === now.getTime())).toBe(true);
    const after = calls.length;
    await wait(30);
    expect(calls.length).toBe(after);
  });

  it("stop waits for the pass under way", async () => {
    let finished = false;
    const job = startReviewRequests(
      {
        reviews: {
          sendDueRequests: async () => {
            await wait(40);
            finished = true;
            return 0;
          },
        },
        log: createLogger("silent"),
      },
      { firstRunAfterMs: 0 },
    );
    await wait(10);
    await job.stop();
    expect(finished).toBe(true);
  });
});
