import type { ClinicKind, ClinicVerification, clinics } from "./schema";

// A clinic as the clinic calls of SPEC §7 show it (search-clinic, fetch-address, join-clinic):
// clinicID and groupID in the API's spelling, the address in the shape of a customer address.

export type ClinicRow = typeof clinics.$inferSelect;

export type ClinicView = {
  id: string;
  clinicID: string;
  groupID: string;
  kind: ClinicKind;
  name: string;
  soldTo: string;
  shipTo: string;
  address: {
    address1: string;
    address2: string;
    city: string;
    provinceCode: string;
    zip: string;
    countryCode: "US";
    phone: string;
  };
  homeDeliveryOnly: boolean;
  verification: ClinicVerification;
  administratorEmail: string | null;
};

export function clinicView(c: ClinicRow): ClinicView {
  return {
    id: c.id,
    clinicID: c.clinicNumber,
    groupID: c.groupId,
    kind: c.kind,
    name: c.name,
    soldTo: c.soldTo,
    shipTo: c.shipTo,
    address: {
      address1: c.address1,
      address2: c.address2,
      city: c.city,
      provinceCode: c.provinceCode,
      zip: c.zip,
      countryCode: "US",
      phone: c.phone,
    },
    homeDeliveryOnly: c.homeDeliveryOnly,
    verification: c.verification,
    administratorEmail: c.administratorEmail,
  };
}

/**
 * A clinic as the directory shows it to any staff member (search-clinic, the clinic step): what
 * choosing and joining one needs — which clinic (clinicID, groupID, name, kind, address), whether
 * it takes deliveries and whether joining waits for approval. Never the administrator's e-mail or
 * the sold-to and ship-to accounts: those reach only the clinic's own members, through their
 * identity data and orders (SPEC §6).
 */
export type ClinicListing = Pick<ClinicView, "clinicID" | "groupID" | "kind" | "name" | "address" | "homeDeliveryOnly" | "verification">;

export function clinicListing(c: ClinicView): ClinicListing {
  return {
    clinicID: c.clinicID,
    groupID: c.groupID,
    kind: c.kind,
    name: c.name,
    address: c.address,
    homeDeliveryOnly: c.homeDeliveryOnly,
    verification: c.verification,
  };
}
