import type { Db } from "../../db/client";
import { discountCodes } from "./schema";

/** The discount codes SPEC names (§9 AUTO35) and two everyday ones, loaded with the seed catalogue. */
export const SEED_DISCOUNT_CODES: (typeof discountCodes.$inferInsert)[] = [
  {
    code: "AUTO35",
    kind: "percentage",
    value: 35,
    autoshipOnly: true,
    firstSubscriptionOnly: true,
    description: "35% off the Autoship items of your first Autoship order",
  },
  { code: "WELCOME10", kind: "percentage", value: 10, description: "10% off your order" },
  {
    code: "FIVEOFF",
    kind: "fixed",
    value: 500,
    expiresAt: new Date("2027-12-31T23:59:59Z"),
    description: "$5 off your order (until the end of 2027)",
  },
];

export async function seedDiscountCodes(db: Db): Promise<number> {
  await db.insert(discountCodes).values(SEED_DISCOUNT_CODES).onConflictDoNothing();
  return SEED_DISCOUNT_CODES.length;
}
