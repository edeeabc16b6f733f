import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { customers, staffProfiles } from "../modules/identity/schema";

/** How many staff profiles exist, for tests that check a refused call made none. */
export const staffProfileCount = (db: Db) => db.$count(staffProfiles);

/** A customer account that cannot sign in (no real password), for data that only needs an owner. */
export async function aStoredCustomer(db: Db, email: string): Promise<string> {
  const [row] = await db.insert(customers).values({ email, passwordHash: "x" }).returning({ id: customers.id });
  return row.id;
}

export async function setPhone(db: Db, customerId: string, phone: string): Promise<void> {
  await db.update(customers).set({ phone }).where(eq(customers.id, customerId));
}

export async function storedCustomer(db: Db, customerId: string) {
  const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
  return row;
}

/** A staff profile with the SAP account group a clinic membership would set, which picks the program's allowance. */
export async function aStaffProfile(db: Db, customerId: string, accountGroup: string | null): Promise<void> {
  await db.insert(staffProfiles).values({ customerId, roleCode: "TECH", accountGroup, programTermsAcceptedAt: new Date() });
}
