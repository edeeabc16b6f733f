import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { createServices } from ".";

// A hard bounce reported by the mail transport suppresses the address on the marketing list: a
// real SMTP conversation on loopback with a server that refuses one recipient for good (550) and
// another for now (450). Only the first is suppressed; the shop's own delivery problems are not bounces.

/** A minimal SMTP server: every command is accepted but RCPT TO, answered by `rcpt(address)`. */
function fakeSmtp(rcpt: (address: string) => string): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => {
    socket.write("220 mx.example ESMTP\r\n");
    let buffered = "";
    socket.on("data", (chunk) => {
      buffered += chunk.toString("latin1");
      let end: number;
      while ((end = buffered.indexOf("\r\n")) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "RCPT") socket.write(`${rcpt(/<([^>]*)>/.exec(line)?.[1] ?? "")}\r\n`);
        else if (verb === "QUIT") socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      }
    });
    socket.on("error", () => {});
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, port: (server.address() as { port: number }).port })));
}

let database: Database;
let smtp: { server: Server; port: number };
let services: ReturnType<typeof createServices>;

beforeAll(async () => {
  smtp = await fakeSmtp((address) => (address.startsWith("gone") ? "550 5.1.1 no such mailbox" : "450 4.2.1 mailbox busy, try later"));
  database = await openTestDatabase();
  services = createServices(database.db, parseConfig({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: "https://shop.example", LOG_LEVEL: "silent" }));
}, 60_000);
afterAll(async () => {
  await services?.mail.flush();
  await database?.close();
  smtp?.server.close();
});

const stateOf = async (email: string) => (await services.marketing.list({ search: email, page: 1, pageSize: 5 })).rows.map((r) => [r.site, r.state]).sort();

describe("a hard bounce", () => {
  it("suppresses the address on both sites; a temporary refusal does not", async () => {
    const gone = `gone.${Date.now()}@example.test`;
    const busy = `busy.${Date.now()}@example.test`;
    for (const email of [gone, busy]) {
      await services.marketing.subscribe({ site: "d2c", email, source: "footer" }, { ip: null });
      await services.mail.flush();
    }
    expect(await stateOf(gone)).toEqual([
      ["d2c", "suppressed"],
      ["hpsf", "suppressed"],
    ]);
    expect(await stateOf(busy)).toEqual([["d2c", "pending"]]);
    // Both mails are recorded as failed either way.
    const [goneMail] = await services.mail.latest({ to: gone });
    expect(goneMail).toMatchObject({ status: "failed" });
  });
});
