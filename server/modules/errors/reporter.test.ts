import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { createRateLimitService } from "../rate-limit";
import { createErrorReporter, type ErrorReporter } from "./reporter";
import { errorReports } from "./schema";
import { createErrorsService } from "./service";

// The adapter with SENTRY_DSN set: reports go to Sentry through its Node SDK — here a local
// stand-in for Sentry's ingest endpoint on the loopback — scrubbed like the table's, and the
// errors table stays empty. Without a DSN the same calls fill the table (service and API tests).

let database: Database;
let ingest: Server;
const envelopes: string[] = [];
let reporter: ErrorReporter;

beforeAll(async () => {
  database = await openTestDatabase();
  ingest = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      envelopes.push((req.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body).toString("utf8"));
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => ingest.listen(0, "127.0.0.1", resolve));
  const { port } = ingest.address() as AddressInfo;
  reporter = createErrorReporter({
    errors: createErrorsService(database.db),
    rateLimit: createRateLimitService(database.db),
    sentryDsn: `http://0123456789abcdef@127.0.0.1:${port}/42`,
    environment: "test",
  });
});
afterAll(async () => {
  await new Promise((resolve) => ingest?.close(resolve));
  await database?.close();
});

/** The events in the envelopes received so far (an envelope: header line, then item header and payload lines). */
function events(): Record<string, unknown>[] {
  return envelopes.flatMap((e) => {
    const lines = e.split("\n").filter(Boolean);
    const out: Record<string, unknown>[] = [];
    for (let i = 1; i + 1 < lines.length; i += 2)
      if ((JSON.parse(lines[i]) as { type?: string }).type === "event") out.push(JSON.parse(lines[i + 1]) as Record<string, unknown>);
    return out;
  });
}

describe("the error reporter with SENTRY_DSN", () => {
  it("sends a server error to Sentry, scrubbed, with its route and release, and keeps no row", async () => {
    expect(reporter.sink).toBe("sentry");
    await reporter.server(new TypeError("No account for jane@pets.example"), { route: "/account?token=s3cr3t", release: "build-9" });
    await reporter.flush();
    const [event] = events();
    expect(event).toBeDefined();
    const text = JSON.stringify(event);
    expect(text).toContain("No account for [email]");
    for (const secret of ["jane", "s3cr3t"]) expect(text).not.toContain(secret);
    expect(event).toMatchObject({ release: "build-9", environment: "test", tags: { source: "server", route: "/account" } });
    expect(event).not.toHaveProperty("request");
    expect(event).not.toHaveProperty("user");
    expect(await database.db.select().from(errorReports)).toHaveLength(0);
  });

  it("sends a browser report to Sentry too (a report posted while the browser SDK was not loaded)", async () => {
    const before = events().length;
    const r = await reporter.browser(
      {
        type: "RangeError",
        message: "Bad quantity",
        stack: "RangeError: Bad quantity\n    at q (http://localhost:3000/assets/cart-B1x9Qz7a.js:1:2)",
        url: "/cart?code=PETS",
      },
      { ip: "203.0.113.9", release: "build-9" },
    );
    expect(r).toEqual({ ok: true });
    await reporter.flush();
    const added = events().slice(before);
    expect(added).toHaveLength(1);
    expect(JSON.stringify(added[0])).toContain("Bad quantity");
    expect(added[0]).toMatchObject({ tags: { source: "browser", route: "/cart" } });
    expect(JSON.stringify(added[0])).not.toContain("PETS");
    expect(await database.db.select().from(errorReports)).toHaveLength(0);
  });
});
