import { describe, expect, it } from "vitest";
import { isDeadlock, retryOnDeadlock } from "./deadlock";

const deadlock = Object.assign(new Error("deadlock detected"), { code: "40P01" });
const wrapped = Object.assign(new Error("Failed query: …"), { cause: deadlock });

describe("retryOnDeadlock", () => {
  it("knows PostgreSQL's deadlock, bare or wrapped by drizzle, and nothing else", () => {
    expect(isDeadlock(deadlock)).toBe(true);
    expect(isDeadlock(wrapped)).toBe(true);
    expect(isDeadlock(Object.assign(new Error("unique"), { code: "23505" }))).toBe(false);
    expect(isDeadlock(null)).toBe(false);
  });

  it("runs the work again after a deadlock, after a pause, at most five times in all; other errors go straight up", async () => {
    let calls = 0;
    expect(await retryOnDeadlock(async () => (++calls < 3 ? Promise.reject(wrapped) : "done"))).toBe("done");
    expect(calls).toBe(3);
    calls = 0;
    const started = Date.now();
    await expect(retryOnDeadlock(async () => (++calls, Promise.reject(deadlock)))).rejects.toBe(deadlock);
    expect(calls).toBe(5);
    // Four pauses of at least 20, 40, 60 and 80 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(195);
    calls = 0;
    const other = new Error("boom");
    await expect(retryOnDeadlock(async () => (++calls, Promise.reject(other)))).rejects.toBe(other);
    expect(calls).toBe(1);
  });
});
