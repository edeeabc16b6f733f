import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { readFile } from "node:fs/promises";
import { and, desc, eq, inArray, lt, ne } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Logger } from "../../log";
import { RESET_VALID_MS } from "../identity";
import { mailOutbox } from "./schema";
import type { MailContent, TemplateName } from "./templates";
import { mails } from "../../metrics";

// Mail goes out in two steps: it is recorded in the outbox (always, in the caller's time), then
// delivered in the background — written to MAIL_OUTBOX_DIR as JSON when that is set (a mail drop
// folder for operators and browser tests), and sent through SMTP_URL when that is set. Delivery
// never runs in the caller's time, so an answer takes as long whether or not a mail was sent
// (forgot-password must not reveal which addresses have accounts).
//
// Mails that carry a secret (a password reset link) keep their body only while the secret works:
// once it has expired or was used, the body is replaced by REDACTED_BODY in the outbox and in the
// drop folder, so neither keeps live-looking links around for whoever reads them later.

/** How long a template's body is kept; the reset link works one hour (identity's RESET_VALID_MS). */
export const BODY_LIFETIME_MS: Partial<Record<TemplateName, number>> = { passwordReset: RESET_VALID_MS };
export const REDACTED_BODY = "[This mail held a link that has expired or was used; its text was removed.]";

/**
 * Autoship and marketing keep their own templates (server/modules/autoship/*mail.ts,
 * server/modules/marketing/mails.ts), named "autoship.<name>" and "marketing.<name>".
 */
export type OutgoingMail = {
  template: TemplateName | `autoship.${string}` | `marketing.${string}`;
  to: string;
  replyTo?: string;
  content: MailContent;
  headers?: Record<string, string>;
};
export type RecordedMail = typeof mailOutbox.$inferSelect;

type Transport = {
  sendMail(mail: {
    from: string;
    to: string;
    replyTo?: string;
    subject: string;
    text: string;
    html: string;
    headers?: Record<string, string>;
  }): Promise<unknown>;
};

/**
 * A hard bounce: the receiving server refused the recipient with a permanent (5xx) reply during the
 * SMTP conversation (nodemailer's EENVELOPE). A 4xx is temporary; a refused login or a lost
 * connection is the shop's problem, not the address's.
 */
function isHardBounce(err: unknown): boolean {
  const e = err as { code?: string; responseCode?: number };
  return e.code === "EENVELOPE" && typeof e.responseCode === "number" && e.responseCode >= 500 && e.responseCode < 600;
}

export function createMailService(db: Db, config: Config, log?: Logger, options: { clock?: () => Date } = {}) {
  const clock = options.clock ?? (() => new Date());
  let transport: Promise<Transport> | undefined;
  const pending = new Set<Promise<void>>();
  /** Drop-folder writes under way, by mail id: a redaction waits for the write it must overwrite. */
  const dropWrites = new Map<number, Promise<void>>();
  /** Told of an address the receiving server refused for good (the marketing list suppresses it). */
  const bounceListeners: ((to: string) => Promise<unknown>)[] = [];

  function smtp(): Promise<Transport> {
    transport ??= import("nodemailer").then((m) => m.default.createTransport(config.mail.smtpUrl!) as Transport);
    return transport;
  }

  const dropFile = (dir: string, row: Pick<RecordedMail, "id" | "template">) => path.join(dir, `${String(row.id).padStart(8, "0")}-${row.template}.json`);

  async function writeDropFile(dir: string, row: RecordedMail): Promise<void> {
    const file = dropFile(dir, row);
    const { id, template, to, from, replyTo, subject, text, html, headers, createdAt } = row;
    // Written whole under a temporary name, then renamed: a reader of the folder never sees half a mail.
    await writeFile(`${file}.tmp`, JSON.stringify({ id, template, to, from, replyTo, subject, headers: headers ?? {}, text, html, createdAt }, null, 2), {
      mode: 0o600,
    });
    await rename(`${file}.tmp`, file);
  }

  /** Replaces the bodies of the matching mails, in the outbox and in the drop folder. */
  async function redact(where: ReturnType<typeof and>): Promise<number> {
    const rows = await db
      .update(mailOutbox)
      .set({ text: REDACTED_BODY, html: REDACTED_BODY })
      .where(and(where, ne(mailOutbox.text, REDACTED_BODY)))
      .returning();
    const dir = config.mail.outboxDir;
    if (dir) {
      for (const row of rows) {
        await dropWrites.get(row.id)?.catch(() => {});
        // Only a file that is there (and was not removed by an operator) is rewritten.
        const exists = await readFile(dropFile(dir, row)).then(
          () => true,
          () => false,
        );
        if (exists) await writeDropFile(dir, row).catch((err: unknown) => log?.error({ err, mailId: row.id }, "mail drop file not redacted"));
      }
    }
    return rows.length;
  }

  /** Redacts every mail whose body lifetime (BODY_LIFETIME_MS) is over. */
  async function redactExpired(): Promise<number> {
    let n = 0;
    for (const [template, lifetime] of Object.entries(BODY_LIFETIME_MS)) {
      n += await redact(and(eq(mailOutbox.template, template), lt(mailOutbox.createdAt, new Date(clock().getTime() - lifetime!))));
    }
    return n;
  }

  async function deliver(row: RecordedMail): Promise<void> {
    const dir = config.mail.outboxDir;
    if (dir) {
      const write = mkdir(dir, { recursive: true }).then(() => writeDropFile(dir, row));
      dropWrites.set(row.id, write);
      try {
        await write;
      } finally {
        dropWrites.delete(row.id);
      }
    }
    if (!config.mail.smtpUrl) {
      mails.inc({ result: "recorded" });
      return;
    }
    try {
      await (
        await smtp()
      ).sendMail({
        from: row.from,
        to: row.to,
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        text: row.text,
        html: row.html,
        headers: row.headers ?? undefined,
      });
      mails.inc({ result: "sent" });
      await db.update(mailOutbox).set({ status: "sent", sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
    } catch (err) {
      mails.inc({ result: "failed" });
      log?.error({ err, mailId: row.id }, "mail delivery failed");
      if (isHardBounce(err))
        for (const listener of bounceListeners)
          await listener(row.to).catch((e: unknown) => log?.error({ err: e, mailId: row.id }, "a hard bounce was not recorded"));
      await db
        .update(mailOutbox)
        .set({ status: "failed", error: String((err as Error).message ?? err).slice(0, 500) })
        .where(eq(mailOutbox.id, row.id));
    }
  }

  async function record(mail: OutgoingMail, conn: Db): Promise<RecordedMail> {
    const [row] = await conn
      .insert(mailOutbox)
      .values({
        template: mail.template,
        to: mail.to,
        from: config.mail.from,
        replyTo: mail.replyTo ?? null,
        subject: mail.content.subject,
        text: mail.content.text,
        html: mail.content.html,
        headers: mail.headers ?? null,
        createdAt: clock(),
      })
      .returning();
    return row;
  }

  /** Starts the delivery of a recorded mail (in the background). */
  function dispatch(row: RecordedMail): void {
    const job = deliver(row).catch((err: unknown) => log?.error({ err, mailId: row.id }, "mail delivery failed"));
    pending.add(job);
    void job.finally(() => pending.delete(job));
  }

  return {
    /** Records the mail and starts its delivery; resolves once recorded. */
    async send(mail: OutgoingMail): Promise<number> {
      // Every mail sent is also the moment to drop expired secrets from earlier ones.
      await redactExpired();
      const row = await record(mail, db);
      dispatch(row);
      return row.id;
    },

    /**
     * Records a mail in the caller's transaction without delivering it: the caller calls dispatch()
     * once that transaction has committed (a mail whose transaction rolls back is never delivered).
     */
    record,
    dispatch,

    /** Calls `listener` with the address of every mail its receiving server refused for good. */
    whenHardBounced(listener: (to: string) => Promise<unknown>): void {
      bounceListeners.push(listener);
    },

    /** Waits for deliveries under way (tests, shutdown). */
    async flush(): Promise<void> {
      await Promise.all([...pending]);
    },

    redactExpired,

    /** Redacts the mails of a template sent to an address, at once (a reset link that was used). */
    redactSentTo(template: TemplateName, to: string): Promise<number> {
      return redact(and(eq(mailOutbox.template, template), eq(mailOutbox.to, to.toLowerCase())));
    },

    /** How many of these recorded mails (by id) failed delivery: a campaign's report. */
    async failedAmong(ids: readonly number[]): Promise<number> {
      if (ids.length === 0) return 0;
      return db.$count(mailOutbox, and(inArray(mailOutbox.id, [...ids]), eq(mailOutbox.status, "failed")));
    },

    /** The latest recorded mails, newest first, optionally for one address; expired secrets redacted first. */
    async latest(options: { to?: string; limit?: number } = {}): Promise<RecordedMail[]> {
      await redactExpired();
      const q = db.select().from(mailOutbox);
      const filtered = options.to ? q.where(eq(mailOutbox.to, options.to.toLowerCase())) : q;
      return filtered.orderBy(desc(mailOutbox.id)).limit(options.limit ?? 10);
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;

/** The mail outbox keeps only this of a mail sent to an erased address. */
export const ERASED_MAIL_BODY = "[This mail was sent to an account whose personal data was erased; its text was removed.]";

/**
 * A customer's erasure (server/workflows/erase-customer.ts, in its transaction): the outbox keeps
 * that a mail was sent (and its subject: a template's, an order or contract number), not to whom or
 * what it said. Nothing to do when the address is already the placeholder (a second erasure).
 */
export async function eraseMailsTo(tx: Db, email: string, placeholder: string): Promise<number> {
  if (email === placeholder) return 0;
  const rows = await tx
    .update(mailOutbox)
    .set({ to: placeholder, replyTo: null, headers: null, text: ERASED_MAIL_BODY, html: ERASED_MAIL_BODY })
    .where(eq(mailOutbox.to, email))
    .returning({ id: mailOutbox.id });
  return rows.length;
}
