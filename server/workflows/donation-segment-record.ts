import { DONATION_SEGMENT_NAMESPACE } from "../../rules/donations/provider";
import type { Db } from "../db/client";
import { NO_CUSTOMER_RECORD, type CustomerPropertyReader } from "../modules/donations";
import type { IdentityService } from "../modules/identity";

// The customer's own record as the donation segments read it (SPEC §3 backEndPropertyName): the
// customer metafield of that key in the DONATION_SEGMENT_NAMESPACE namespace, which the shop sets
// and the customer API refuses to write. Read by the provider API's donation amounts (what the
// widget shows) and by place-order (what the ledger records, inside its transaction), through this
// one reader over the identity module.

export function customerSegmentRecord(identity: Pick<IdentityService, "metafield">, customerId: string | null | undefined, conn?: Db): CustomerPropertyReader {
  if (!customerId) return NO_CUSTOMER_RECORD;
  return async (propertyName) => (await identity.metafield(customerId, DONATION_SEGMENT_NAMESPACE, propertyName, conn))?.value ?? null;
}
