import { and, eq, like } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mailOutbox } from "./schema";

// The outbox as stored, for tests that check what a mail said after the fact (an order's
// confirmation, what an erasure left of a customer's mails, a transport's refusal): the mail
// module's own test set-up, re-exported unchanged by server/testing/mail.ts.

/** The order confirmations whose subject ends with the order's number. */
export const confirmationsOf = (db: Db, orderNumber: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.template, "orderConfirmation"), like(mailOutbox.subject, `%${orderNumber}`)));

/** The mails of erased customers: their address was replaced by an `erased-` one. */
export const erasedCustomersMails = (db: Db) => db.select().from(mailOutbox).where(like(mailOutbox.to, "erased-%"));

/** A recorded mail its transport refused (as an SMTP failure marks it). */
export async function markMailFailed(db: Db, id: number): Promise<void> {
  await db.update(mailOutbox).set({ status: "failed", error: "550 mailbox unavailable" }).where(eq(mailOutbox.id, id));
}
