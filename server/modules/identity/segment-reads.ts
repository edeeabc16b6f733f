import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { customers, staffProfiles } from "./schema";

// The marketing segments' questions to identity (server/workflows/campaign-audience.ts).

/** Staff accounts of an account group (staff_profiles_account_group_idx). */
export async function customersOfAccountGroup(db: Db, accountGroup: string): Promise<string[]> {
  const rows = await db.select({ customerId: staffProfiles.customerId }).from(staffProfiles).where(eq(staffProfiles.accountGroup, accountGroup));
  return rows.map((r) => r.customerId);
}

/** The addresses of these accounts (by primary key), so a subscriber who signed up in the footer with the account's address matches it. */
export async function emailsOfCustomers(db: Db, customerIds: readonly string[]): Promise<string[]> {
  if (customerIds.length === 0) return [];
  const rows = await db
    .select({ email: customers.email })
    .from(customers)
    .where(inArray(customers.id, [...customerIds]));
  return rows.map((r) => r.email);
}
