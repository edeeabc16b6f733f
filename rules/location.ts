import { readCookie } from "./cookies";
import { isZipFormat } from "./zip";

// The shopper's location (SPEC §9 cookies, §4 "Guest location", §3 general profile):
//   userLocation   "{zip}::home" or "{zip}::clinic"; a guest's is "{zip}::HOME"
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
