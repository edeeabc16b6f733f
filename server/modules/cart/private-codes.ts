import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { discountCodes } from "./schema";

// Discount codes made for one customer's one order (an Autoship save offer): unguessable, Autoship
// only, never listed anywhere; the order that used one retires it, so it applies once.

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A new private percentage code inside the caller's transaction: "STAY15-" and 12 random characters (60 bits). */
export async function createPrivateAutoshipCode(tx: Db, percent: number, description: string): Promise<string> {
  const bytes = randomBytes(12);
  const code = `STAY${percent}-${Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("")}`;
  await tx.insert(discountCodes).values({ code, kind: "percentage", value: percent, autoshipOnly: true, description });
  return code;
}

/** The private code was used: no order can carry it again. */
export async function retirePrivateCode(conn: Db, code: string): Promise<void> {
  await conn.update(discountCodes).set({ active: false }).where(eq(discountCodes.code, code));
}
