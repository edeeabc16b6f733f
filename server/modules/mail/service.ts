import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Logger } from "../../log";
import { mailOutbox } from "./schema";
import type { MailContent, TemplateName } from "./templates";

// Mail goes out in two steps: it is recorded in the outbox (always, in the caller's time), then
// delivered in the background — written to MAIL_OUTBOX_DIR as JSON when that is set (a mail drop
// folder for operators and browser tests), and sent through SMTP_URL when that is set. Delivery
// never runs in the caller's time, so an answer takes as long whether or not a mail was sent
// (forgot-password must not reveal which addresses have accounts).

/** Autoship keeps its own templates (server/modules/autoship/*mail.ts), named "autoship.<name>". */
export type OutgoingMail = { template: TemplateName | `autoship.${string}`; to: string; replyTo?: string; content: MailContent };
export type RecordedMail = typeof mailOutbox.$inferSelect;

type Transport = { sendMail(mail: { from: string; to: string; replyTo?: string; subject: string; text: string; html: string }): Promise<unknown> };

export function createMailService(db: Db, config: Config, log?: Logger) {
  let transport: Promise<Transport> | undefined;
  const pending = new Set<Promise<void>>();

  function smtp(): Promise<Transport> {
    transport ??= import("nodemailer").then((m) => m.default.createTransport(config.mail.smtpUrl!) as Transport);
    return transport;
  }

  async function deliver(row: RecordedMail): Promise<void> {
    if (config.mail.outboxDir) {
      await mkdir(config.mail.outboxDir, { recursive: true });
      const file = path.join(config.mail.outboxDir, `${String(row.id).padStart(8, "0")}-${row.template}.json`);
      const { id, template, to, from, replyTo, subject, text, html, createdAt } = row;
      // Written whole under a temporary name, then renamed: a reader of the folder never sees half a mail.
      await writeFile(`${file}.tmp`, JSON.stringify({ id, template, to, from, replyTo, subject, text, html, createdAt }, null, 2), { mode: 0o600 });
      await rename(`${file}.tmp`, file);
    }
    if (!config.mail.smtpUrl) return;
    try {
      await (await smtp()).sendMail({ from: row.from, to: row.to, replyTo: row.replyTo ?? undefined, subject: row.subject, text: row.text, html: row.html });
      await db.update(mailOutbox).set({ status: "sent", sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
    } catch (err) {
      log?.error({ err, mailId: row.id }, "mail delivery failed");
      await db.update(mailOutbox).set({ status: "failed", error: String((err as Error).message ?? err).slice(0, 500) }).where(eq(mailOutbox.id, row.id));
    }
  }

  return {
    /** Records the mail and starts its delivery; resolves once recorded. */
    async send(mail: OutgoingMail): Promise<number> {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          template: mail.template,
          to: mail.to,
          from: config.mail.from,
          replyTo: mail.replyTo ?? null,
          subject: mail.content.subject,
          text: mail.content.text,
          html: mail.content.html,
        })
        .returning();
      const job = deliver(row).catch((err: unknown) => log?.error({ err, mailId: row.id }, "mail delivery failed"));
      pending.add(job);
      void job.finally(() => pending.delete(job));
      return row.id;
    },

    /** Waits for deliveries under way (tests, shutdown). */
    async flush(): Promise<void> {
      await Promise.all([...pending]);
    },

    /** The latest recorded mails, newest first, optionally for one address. */
    latest(options: { to?: string; limit?: number } = {}): Promise<RecordedMail[]> {
      const q = db.select().from(mailOutbox);
      const filtered = options.to ? q.where(eq(mailOutbox.to, options.to.toLowerCase())) : q;
      return filtered.orderBy(desc(mailOutbox.id)).limit(options.limit ?? 10);
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
