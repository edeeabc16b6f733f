import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { customerAddresses, customerMetafields, customers, passwordResets, sessions, staffProfiles } from "./schema";

// Erasing a customer's personal data on request (the console's "Erase personal data"): the
// identity module's part, run inside the erasure workflow's transaction. The customer row stays
// (orders, subscriptions and the audit log point at its id) but holds nothing that names a person,
// and it can no longer sign in: the password hash is a value no password verifies against, and the
// e-mail is an address nobody can receive mail at (RFC 2606's .invalid), so no reset either.

export const ERASED_NAME = "Erased";
/** Not an scrypt hash: verifyPassword answers false for it before doing any work. */
export const ERASED_PASSWORD_HASH = "erased";

/** The placeholder e-mail of an erased account: unique per account (the e-mail is unique per site), nobody's. */
export const erasedEmail = (customerId: string) => `erased-${customerId.replace(/-/g, "").slice(0, 12)}@erased.invalid`;

export const isErasedEmail = (email: string) => email.endsWith("@erased.invalid");

export type IdentityErasure = { addresses: number; sessions: number; metafields: number; passwordResets: number; staffProfile: number };

/**
 * Locks the customer's row (FOR UPDATE, so a profile or address-book write racing the erasure waits
 * and then finds nothing to change) and returns what the erasure needs to know before it begins;
 * null when there is no such customer.
 */
export async function lockCustomer(tx: Db, customerId: string): Promise<{ id: string; email: string; site: "d2c" | "hpsf" } | null> {
  const [row] = await tx
    .select({ id: customers.id, email: customers.email, site: customers.site })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for("update");
  return row ?? null;
}

/** Replaces the account's personal data with placeholders and removes what hangs off it (under lockCustomer's lock). */
export async function eraseIdentity(tx: Db, customerId: string): Promise<IdentityErasure> {
  await tx
    .update(customers)
    .set({
      email: erasedEmail(customerId),
      passwordHash: ERASED_PASSWORD_HASH,
      firstName: ERASED_NAME,
      lastName: "",
      phone: null,
      acceptsMarketing: false,
      defaultAddressId: null,
      updatedAt: sql`now()`,
    })
    .where(eq(customers.id, customerId));
  const gone = async (q: Promise<unknown[]>) => (await q).length;
  return {
    addresses: await gone(tx.delete(customerAddresses).where(eq(customerAddresses.customerId, customerId)).returning({ id: customerAddresses.id })),
    // Every device signed in is signed out at once.
    sessions: await gone(tx.delete(sessions).where(eq(sessions.customerId, customerId)).returning({ id: sessions.id })),
    metafields: await gone(tx.delete(customerMetafields).where(eq(customerMetafields.customerId, customerId)).returning({ id: customerMetafields.id })),
    passwordResets: await gone(tx.delete(passwordResets).where(eq(passwordResets.customerId, customerId)).returning({ id: passwordResets.id })),
    // The staff program's role, school and graduation year describe the person too.
    staffProfile: await gone(tx.delete(staffProfiles).where(eq(staffProfiles.customerId, customerId)).returning({ id: staffProfiles.customerId })),
  };
}
