// PostgreSQL breaks a deadlock by failing one of the transactions in it ("deadlock detected",
// SQLSTATE 40P01); the failed one wrote nothing, and run again it meets the other one's outcome.
// For the few writes whose lock orders cannot all agree (a checkout's payment step and a customer's
// erasure), the loser runs again instead of failing the request.

/** PostgreSQL's "deadlock detected", as the driver reports it or drizzle wraps it (in `cause`). */
export const isDeadlock = (err: unknown): boolean =>
  typeof err === "object" && err !== null && ((err as { code?: string }).code === "40P01" || isDeadlock((err as { cause?: unknown }).cause));

/**
 * Runs `work` (one whole transaction) again when PostgreSQL chose it as a deadlock's victim, up to
 * `attempts` times. Each retry waits a little, longer each time and by a random part: run again at
 * once, the victim can meet the winner's next transaction in the same opposite order (a checkout is
 * several), and two victims retrying in step would meet each other again.
 */
export async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || !isDeadlock(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, attempt * (20 + Math.random() * 60)));
    }
  }
}
