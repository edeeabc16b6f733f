import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { REDACTED_BODY } from "../modules/mail";
import { createServices, type Services } from "../wiring";
import { requestPasswordReset, resetPassword } from "./password-reset";

// The reset journey as the pages run it: the link arrives in the mail drop folder (where the
// browser tests read it), works once, and then no copy of the mail keeps it.

let database: Database;
let dir: string;
let services: Services;

beforeAll(async () => {
  database = await openTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), "reset-drop-"));
  services = createServices(database.db, parseConfig({ MAIL_OUTBOX_DIR: dir }));
});
afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

async function dropFiles() {
  await services.mail.flush();
  const names = (await readdir(dir)).filter((f) => f.endsWith("-passwordReset.json"));
  return Promise.all(names.map(async (f) => JSON.parse(await readFile(path.join(dir, f), "utf8")) as { to: string; text: string }));
}

describe("reset link, used once, then gone from the outbox", () => {
  it("the drop folder has the link until it is used; after, neither the outbox nor the folder has it", async () => {
    const email = "journey@example.test";
    const reg = await services.identity.register(
      { firstName: "Sam", lastName: "Lee", email, password: "kibble123", confirmPassword: "kibble123", acceptsMarketing: false },
      "d2c",
    );
    expect(reg.ok).toBe(true);
    const input = { email, ip: "10.40.0.1", origin: "http://localhost:3000", storeName: "Kibble" };
    expect(await requestPasswordReset(services, input)).toEqual({ ok: true });
    expect(await requestPasswordReset(services, input)).toEqual({ ok: true });

    const before = await dropFiles();
    expect(before).toHaveLength(2);
    const token = /token=([\w-]+)/.exec(before[1].text)![1];

    expect(await resetPassword(services, { token, password: "newpass456", ip: "10.40.0.1" })).toMatchObject({ ok: true });
    for (const mail of await services.mail.latest({ to: email })) expect(mail.text).toBe(REDACTED_BODY);
    for (const file of await dropFiles()) expect(file.text).toBe(REDACTED_BODY);
    expect((await services.identity.signIn(email, "newpass456", null)).ok).toBe(true);
  });
});
