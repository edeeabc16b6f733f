import { index, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

// Every mail the shop sends is recorded here first (the outbox). The default transport stops at
// recording ("recorded"); with SMTP_URL set the mail is also delivered ("sent" or "failed").

export type MailStatus = "recorded" | "sent" | "failed";

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial().primaryKey(),
    template: text().notNull(),
    to: text().notNull(),
    from: text().notNull(),
    replyTo: text(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    /** Extra headers (a marketing mail's List-Unsubscribe pair); null for most mails. */
    headers: jsonb().$type<Record<string, string>>(),
    status: text().$type<MailStatus>().notNull().default("recorded"),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("mail_outbox_to_idx").on(t.to, t.createdAt), index("mail_outbox_created_idx").on(t.createdAt)],
);
