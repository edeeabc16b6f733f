import { and, eq } from "drizzle-orm";
import { DONATION_SEGMENT_NAMESPACE } from "../../rules/donations";
import type { Db } from "../db/client";
import { NO_CUSTOMER_RECORD, type CustomerPropertyReader } from "../modules/donations/giving";
import { customerMetafields } from "../modules/identity/schema";

// The customer's own record as the donation segments read it (SPEC §3 backEndPropertyName): the
// customer metafield of that key in the DONATION_SEGMENT_NAMESPACE namespace, which the shop sets
// and the customer API refuses to write. Read by the provider API's donation amounts (what the
// widget shows) and by place-order (what the ledger records), through this one reader.

export function customerSegmentRecord(conn: Db, customerId: string | null | undefined): CustomerPropertyReader {
  if (!customerId) return NO_CUSTOMER_RECORD;
  return async (propertyName) => {
    const [row] = await conn
      .select({ value: customerMetafields.value })
      .from(customerMetafields)
      .where(and(eq(customerMetafields.customerId, customerId), eq(customerMetafields.namespace, DONATION_SEGMENT_NAMESPACE), eq(customerMetafields.key, propertyName)));
    return row?.value ?? null;
  };
}
