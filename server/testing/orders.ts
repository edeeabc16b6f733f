import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { orders } from "../modules/orders/schema";

// Orders as stored, for tests that check what was (or was not) placed.

export const ordersOf = (db: Db, customerId: string) => db.select().from(orders).where(eq(orders.customerId, customerId));
