import { PREFERRED_ADDRESS_KEY, PREFERRED_ADDRESS_NAMESPACE, preferredAddressOf, shippingLocation } from "../../rules/staff/delivery";
import type { StaffShipsTo } from "../../rules/shared/shopper-location";
import type { ClinicsService } from "../modules/clinics";
import type { IdentityService } from "../modules/identity";

// Where a staff member's orders go, for every place that shows stock and delivery (the product
// page, GET /api/get-estimated-delivery-date, the userLocation cookie): from the same records and
// the same rules as the checkout's delivery (staff-checkout.ts staffStanding: the active clinic
// membership, the preferred address of SPEC §4 with its clinic default, rules/staff/delivery.ts
// shippingLocation), so the ZIP shown is the one place-order reserves at. Program-price
// eligibility plays no part: it decides prices, not where an order goes. Reads only.

export type StaffDeliveryDeps = {
  services: { identity: Pick<IdentityService, "metafield" | "defaultAddressZip">; clinics: Pick<ClinicsService, "current"> };
};

export async function staffShipsTo(deps: StaffDeliveryDeps, customerId: string): Promise<StaffShipsTo> {
  const { identity, clinics } = deps.services;
  const [current, stored, homeZip] = await Promise.all([
    clinics.current(customerId),
    identity.metafield(customerId, PREFERRED_ADDRESS_NAMESPACE, PREFERRED_ADDRESS_KEY),
    identity.defaultAddressZip(customerId),
  ]);
  const clinic = current?.membership.state === "active" ? current.clinic : null;
  if (clinic) {
    const preferredAddress = preferredAddressOf(stored?.value, clinic);
    if (shippingLocation({ clinicHomeDeliveryOnly: clinic.homeDeliveryOnly, preferredAddress }) === "ship_to_work") {
      return { destination: "CLINIC", zip: clinic.address.zip };
    }
  }
  return { destination: "HOME", homeZip };
}
