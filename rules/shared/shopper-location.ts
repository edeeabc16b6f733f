import { readCookie } from "./cookies";
import { isZipFormat } from "./zip";

// The shopper's location (SPEC §9 cookies, §4 "Guest location", §3 general profile):
//   userLocation   "{zip}::home" or "{zip}::clinic"; a guest's is "{zip}::HOME". A staff member
//                  whose orders go to the clinic has "{clinic's zip}::clinic": stock and delivery
//                  are shown for the address the checkout ships to and reserves at (shownLocation)
//   userWarehouse  the code of the warehouse serving that zip, kept 30 days (2592000 s)
// The guest zip defaults to 80011 (SPEC §9) until the shopper enters one.

export const USER_LOCATION_COOKIE = "userLocation";
export const USER_WAREHOUSE_COOKIE = "userWarehouse";
/** SPEC §9: userWarehouse lives 30 days. */
export const USER_WAREHOUSE_MAX_AGE_SECONDS = 2_592_000;
/** SPEC gives no lifetime for userLocation; a guest's zip is kept as long as the warehouse it picks. */
export const USER_LOCATION_MAX_AGE_SECONDS = USER_WAREHOUSE_MAX_AGE_SECONDS;
export const DEFAULT_GUEST_ZIP = "80011";

export type Destination = "HOME" | "CLINIC";
export const DESTINATIONS: readonly Destination[] = ["HOME", "CLINIC"];

export type UserLocation = { zip: string; destination: Destination };

/** Guest form of SPEC §9: "{zip}::HOME". */
export function formatUserLocation(zip: string, destination: Destination = "HOME"): string {
  return `${zip}::${destination}`;
}

/** "80011::HOME", "80011::home", "80011::clinic" → the location; anything else → null. */
export function parseUserLocation(value: string | null | undefined): UserLocation | null {
  if (!value) return null;
  const [zip, kind, ...rest] = value.trim().split("::");
  if (rest.length > 0 || !isZipFormat(zip ?? "")) return null;
  const destination = (kind ?? "").toUpperCase();
  if (destination !== "HOME" && destination !== "CLINIC") return null;
  return { zip, destination };
}

/** SPEC §7: the location shown in "Estimated delivery {date} to {location}" is the part before "::". */
export function locationLabel(cookieValue: string | null | undefined): string | null {
  if (!cookieValue) return null;
  const label = cookieValue.split("::")[0]?.trim();
  return label ? label : null;
}

/** The shopper's location from the request's cookies; the default guest location when absent or invalid. */
export function userLocationFromCookies(header: string | null | undefined): UserLocation & { fromCookie: boolean } {
  const parsed = parseUserLocation(readCookie(header, USER_LOCATION_COOKIE));
  return parsed ? { ...parsed, fromCookie: true } : { zip: DEFAULT_GUEST_ZIP, destination: "HOME", fromCookie: false };
}

/** SPEC §9's signed-in forms: "{zip}::home", "{zip}::clinic". */
export function signedInLocation(zip: string, destination: Destination): string {
  return `${zip}::${destination.toLowerCase()}`;
}

/**
 * Where a signed-in staff member's orders go, from their own records (the active clinic
 * membership and the preferred address: server/workflows/staff-delivery.ts): the clinic's ZIP, or
 * home (with the default address's ZIP, when there is one).
 */
export type StaffShipsTo = { destination: "CLINIC"; zip: string } | { destination: "HOME"; homeZip: string | null };

/**
 * The location stock and delivery are shown for. A staff member whose orders go to the clinic
 * sees the clinic's ZIP, whatever the cookie says: the checkout ships there and reserves stock in
 * the warehouse serving it. Anyone else sees the cookie's location — but a "::clinic" one left from
 * before a staff member chose home delivery (or left the clinic) no longer counts: their home ZIP,
 * else the default guest ZIP.
 */
export function shownLocation(cookie: UserLocation, staff: StaffShipsTo | null | undefined): UserLocation {
  if (staff?.destination === "CLINIC") return { zip: staff.zip, destination: "CLINIC" };
  if (cookie.destination === "CLINIC") return { zip: staff?.homeZip ?? DEFAULT_GUEST_ZIP, destination: "HOME" };
  return { zip: cookie.zip, destination: cookie.destination };
}

/**
 * The userLocation cookie a signed-in staff member's records call for, or null when the current one
 * (`cookieValue`) already agrees: "{clinic zip}::clinic" for clinic delivery; for home delivery, a
 * home location is kept as the member set it, and a "::clinic" one becomes "{home zip}::home".
 */
export function staffLocationCookie(cookieValue: string | null | undefined, staff: StaffShipsTo): string | null {
  const current = parseUserLocation(cookieValue);
  const shown = shownLocation(current ?? { zip: DEFAULT_GUEST_ZIP, destination: "HOME" }, staff);
  if (staff.destination === "HOME" && current?.destination !== "CLINIC") return null;
  const wanted = signedInLocation(shown.zip, shown.destination);
  return cookieValue === wanted ? null : wanted;
}

/** The ZIP entry's answer to a staff member whose orders go to the clinic. */
export const CLINIC_DELIVERY_ZIP_MESSAGE =
  "Your orders go to your clinic, so stock and delivery are shown for its ZIP code. Choose home delivery in My Clinic to use another.";
