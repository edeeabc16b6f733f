import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config";

describe("identity and mail settings", () => {
  it("requires SESSION_SECRET in production with DATABASE_URL, and a long one when given", () => {
    expect(() => parseConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://x@h/db" })).toThrow(/SESSION_SECRET: required in production/);
    expect(() => parseConfig({ SESSION_SECRET: "short" })).toThrow(ConfigError);
    expect(parseConfig({ NODE_ENV: "production" }).sessionSecret).toBeUndefined();
    expect(parseConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://x@h/db", SESSION_SECRET: "s".repeat(32) }).sessionSecret).toBe("s".repeat(32));
  });

  it("reads the mail settings", () => {
    const c = parseConfig({
      SMTP_URL: "smtp://user:pw@mail.example:587",
      MAIL_OUTBOX_DIR: "/tmp/mail",
      CONTACT_EMAIL: "help@shop.example",
      PUBLIC_URL: "https://shop.example/",
    });
    expect(c.mail).toEqual({
      smtpUrl: "smtp://user:pw@mail.example:587",
      outboxDir: "/tmp/mail",
      contactTo: "help@shop.example",
      from: "Kibble & Co. <no-reply@kibble.example>",
    });
    expect(c.publicUrl).toBe("https://shop.example");
    expect(() => parseConfig({ SMTP_URL: "http://mail" })).toThrow(/SMTP_URL/);
  });
});

describe(".env.example", () => {
  it("parses as it is shipped (empty values mean unset)", async () => {
    const { readFileSync } = await import("node:fs");
    const env = Object.fromEntries(
      readFileSync(new URL("../.env.example", import.meta.url), "utf8")
        .split("\n")
        .filter((l) => /^[A-Z_]+=/.test(l))
        .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
    );
    expect(() => parseConfig(env)).not.toThrow();
  });
});
