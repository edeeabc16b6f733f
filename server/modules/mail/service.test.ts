import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../config";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { RESET_VALID_MS } from "../identity";
import { createMailService, REDACTED_BODY } from "./service";
import { templates } from "./templates";

// Reset links do not stay in the outbox: a reset mail keeps its body only while its link can work
// (one hour, or until used), in the outbox table and in the MAIL_OUTBOX_DIR drop folder alike.

let database: Database;
let dir: string;
let now = new Date("2030-03-01T09:00:00Z");
const clock = () => now;
let mail: ReturnType<typeof createMailService>;

beforeAll(async () => {
  database = await openTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), "mail-drop-"));
  mail = createMailService(database.db, parseConfig({ MAIL_OUTBOX_DIR: dir }), undefined, { clock });
});
afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

const resetMail = (to: string, token: string) => ({
  template: "passwordReset" as const,
  to,
  content: templates.passwordReset({
    storeName: "Kibble",
    firstName: "Sam",
    resetUrl: `http://localhost:3000/shelter/reset-password?token=${token}`,
    validMinutes: 60,
  }),
});
const otherMail = (to: string) => ({ template: "contactToShop" as const, to, content: { subject: "Hi", text: "keep me", html: "<p>keep me</p>" } });

async function dropFile(id: number) {
  await mail.flush();
  const name = (await readdir(dir)).find((f) => f.startsWith(String(id).padStart(8, "0")) && f.endsWith(".json"))!;
  return JSON.parse(await readFile(path.join(dir, name), "utf8")) as { text: string; html: string };
}
const stored = async (id: number) => (await mail.latest({ limit: 50 })).find((m) => m.id === id)!;

describe("reset mails in the outbox", () => {
  it("keep the link while it works (the drop folder too), and lose it once it has expired", async () => {
    const id = await mail.send(resetMail("expire@example.test", "T".repeat(43)));
    const keep = await mail.send(otherMail("shop@example.test"));
    expect((await dropFile(id)).text).toContain(`token=${"T".repeat(43)}`);
    now = new Date(now.getTime() + RESET_VALID_MS - 1000);
    expect((await stored(id)).text).toContain("token=");

    now = new Date(now.getTime() + 2000);
    // Any later mail (or a read of the outbox) drops the expired link.
    await mail.send(otherMail("shop@example.test"));
    const row = await stored(id);
    expect([row.text, row.html]).toEqual([REDACTED_BODY, REDACTED_BODY]);
    expect(row.subject).toBe("Reset your Kibble password");
    const file = await dropFile(id);
    expect([file.text, file.html]).toEqual([REDACTED_BODY, REDACTED_BODY]);
    // Other mails are kept as they were.
    expect((await stored(keep)).text).toBe("keep me");
  });

  it("a used link's mails are redacted at once", async () => {
    const first = await mail.send(resetMail("used@example.test", "U".repeat(43)));
    const second = await mail.send(resetMail("used@example.test", "V".repeat(43)));
    const other = await mail.send(resetMail("other@example.test", "W".repeat(43)));
    expect(await mail.redactSentTo("passwordReset", "USED@example.test")).toBe(2);
    for (const id of [first, second]) {
      expect((await stored(id)).text).toBe(REDACTED_BODY);
      expect((await dropFile(id)).text).toBe(REDACTED_BODY);
    }
    expect((await stored(other)).text).toContain("token=");
  });
});
