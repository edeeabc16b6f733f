import {
  PREFERRED_ADDRESS_KEY,
  PREFERRED_ADDRESS_NAMESPACE,
  preferredAddressOf,
  shippingLocation,
  type PreferredAddress,
  type ShippingLocation,
} from "../../rules/staff/delivery";
import { HANDOFF_MESSAGES } from "../../rules/checkout/steps-and-handoff";
import { allowanceLb, quotaMonthOf, quotaState, type QuotaState } from "../../rules/staff/monthly-allowance";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { ClinicView } from "../modules/clinics";
import { staffAccess } from "../staff-access";
import type { ClinicsService } from "../modules/clinics";
import type { IdentityService } from "../modules/identity";
import type { OrdersService } from "../modules/orders";
import { staffShipsTo } from "./staff-delivery";

// A staff member's standing at the checkout, read from the server's own records only: the identity
// data the clinic membership set (account group, sold-to), the active membership's clinic from
// the directory, the preferred address (profeeding.preferred_address, SPEC §4 defaults), and the
// month's quota. The cart page, the checkout screens, place-order and the renewal engine all ask
// here, so they agree; nothing a client sends enters it. Eligibility (PD_ACCOUNT_GROUPS) decides the
// program discount only (SPEC §5, §6): a registered member outside those groups — a student, by
// default — buys at shop prices, within the same monthly allowance.

export type StaffCheckoutDeps = {
  services: { identity: IdentityService; clinics: ClinicsService; orders: OrdersService };
  config: Pick<Config, "pdAccountGroups" | "staffQuota">;
};

export type StaffStanding =
  | { ok: false; code: "NOT_REGISTERED"; message: string }
  | {
      ok: true;
      /** Whether the member pays program prices (eligible for the professional discount); otherwise shop prices. */
      programPricing: boolean;
      soldTo: string;
      clinic: ClinicView;
      preferredAddress: PreferredAddress;
      location: ShippingLocation;
      quota: QuotaState;
    };

const NOT_REGISTERED_MESSAGE = HANDOFF_MESSAGES.staff_not_registered;

/** `conn`: a transaction to read in (place-order's, under its per-customer lock). */
export async function staffStanding(deps: StaffCheckoutDeps, customerId: string, now: Date, conn?: Db): Promise<StaffStanding> {
  const { identity, clinics, orders } = deps.services;
  const profile = await identity.staffProfile(customerId, conn);
  const access = staffAccess(profile, deps.config.pdAccountGroups);
  if (!access.registered || !profile?.storeSoldTo) return { ok: false, code: "NOT_REGISTERED", message: NOT_REGISTERED_MESSAGE };
  const current = await clinics.current(customerId, conn);
  if (!current || current.membership.state !== "active") return { ok: false, code: "NOT_REGISTERED", message: NOT_REGISTERED_MESSAGE };
  const stored = await identity.metafield(customerId, PREFERRED_ADDRESS_NAMESPACE, PREFERRED_ADDRESS_KEY, conn);
  const preferredAddress = preferredAddressOf(stored?.value, current.clinic);
  const month = quotaMonthOf(now);
  const usedLb = await orders.quotaUsedLb(customerId, month.start, month.end, conn);
  return {
    ok: true,
    programPricing: access.eligibleForPd,
    soldTo: profile.storeSoldTo,
    clinic: current.clinic,
    preferredAddress,
    location: shippingLocation({ clinicHomeDeliveryOnly: current.clinic.homeDeliveryOnly, preferredAddress }),
    quota: quotaState({ allowanceLb: allowanceLb(deps.config.staffQuota, profile.accountGroup), usedLb, month }),
  };
}

/**
 * Saves the member's choice of clinic or home delivery (cart, checkout, My Clinic). A
 * home-delivery-only clinic leaves no choice: clinic is refused.
 */
export async function choosePreferredAddress(
  deps: StaffCheckoutDeps,
  customerId: string,
  choice: PreferredAddress,
): Promise<{ ok: true } | { ok: false; field: "preferredAddress"; message: string }> {
  const current = await deps.services.clinics.current(customerId);
  if (choice === "clinic" && (!current || current.membership.state !== "active"))
    return { ok: false, field: "preferredAddress", message: "Join a clinic to have orders delivered there." };
  if (choice === "clinic" && current?.clinic.homeDeliveryOnly)
    return { ok: false, field: "preferredAddress", message: `${current.clinic.name} takes no deliveries: orders go to your home.` };
  await deps.services.identity.setMetafields(customerId, [{ namespace: PREFERRED_ADDRESS_NAMESPACE, key: PREFERRED_ADDRESS_KEY, value: choice }]);
  return { ok: true };
}

/** A staff member's standing at the checkout and their choice of delivery, for every place that asks. */
export function createStaffStanding(deps: StaffCheckoutDeps) {
  return {
    standing: (customerId: string, now: Date, conn?: Db) => staffStanding(deps, customerId, now, conn),
    choosePreferredAddress: (customerId: string, choice: PreferredAddress) => choosePreferredAddress(deps, customerId, choice),
    /** Where the member's orders go (the clinic's ZIP, or home): what stock and delivery are shown for. */
    shipsTo: (customerId: string) => staffShipsTo(deps, customerId),
  };
}

export type StaffStandingService = ReturnType<typeof createStaffStanding>;
