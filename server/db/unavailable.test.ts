import net from "node:net";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openPglite } from "./client";
import { isDatabaseUnavailable } from "./unavailable";

// A database that cannot be reached (restarting, a pooler refusing logins) answers 503 and a retry,
// not 500: these are the errors the drivers raise then, and a wrong query is not one of them.

describe("database unavailable", () => {
  it("is what a refused connection, a terminated one and PostgreSQL's shutdown codes say, also wrapped by the ORM", async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = net.createServer();
      server.listen(0, "127.0.0.1", () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const refused = await new pg.Client({ connectionString: `postgres://x@127.0.0.1:${closed}/x` }).connect().catch((e: unknown) => e);
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))).toBe(true);
  });

  it("is not a query's own mistake", async () => {
    const db = await openPglite();
    try {
      const wrong = await db.db.execute(sql`select nope from nowhere`).catch((e: unknown) => e);
      expect(wrong).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(wrong)).toBe(false);
      expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
      expect(isDatabaseUnavailable("text")).toBe(false);
    } finally {
      await db.close();
    }
  });
});
