import { describe, expect, it } from "vitest";
import {
  DEFAULT_GUEST_ZIP,
  formatUserLocation,
  locationLabel,
  parseUserLocation,
  shownLocation,
  signedInLocation,
  staffLocationCookie,
  USER_WAREHOUSE_MAX_AGE_SECONDS,
  userLocationFromCookies,
} from "./shopper-location";

describe("userLocation cookie (SPEC §9)", () => {
  it("writes the guest form {zip}::HOME", () => {
    expect(formatUserLocation("80011")).toBe("80011::HOME");
    expect(formatUserLocation("99501", "CLINIC")).toBe("99501::CLINIC");
  });

  it("reads zip::home and zip::clinic in any case", () => {
    expect(parseUserLocation("80011::HOME")).toEqual({ zip: "80011", destination: "HOME" });
    expect(parseUserLocation("80011::home")).toEqual({ zip: "80011", destination: "HOME" });
    expect(parseUserLocation("02134::clinic")).toEqual({ zip: "02134", destination: "CLINIC" });
  });

  it.each(["80011", "8001::HOME", "80011::OFFICE", "80011::HOME::x", "abcde::HOME", "", null])("refuses %j", (v) => {
    expect(parseUserLocation(v)).toBeNull();
  });

  it("takes the location shown with the delivery date from before the ::", () => {
    expect(locationLabel("99501::HOME")).toBe("99501");
    expect(locationLabel("")).toBeNull();
  });

  it("falls back to the default guest zip 80011", () => {
    expect(DEFAULT_GUEST_ZIP).toBe("80011");
    expect(userLocationFromCookies(undefined)).toEqual({ zip: "80011", destination: "HOME", fromCookie: false });
    expect(userLocationFromCookies("userLocation=garbage")).toMatchObject({ zip: "80011", fromCookie: false });
    expect(userLocationFromCookies("a=1; userLocation=99501%3A%3AHOME; b=2")).toEqual({
      zip: "99501",
      destination: "HOME",
      fromCookie: true,
    });
  });

  it("keeps userWarehouse 30 days", () => {
    expect(USER_WAREHOUSE_MAX_AGE_SECONDS).toBe(2592000);
  });
});

describe("where stock and delivery are shown for (SPEC §9 userLocation {zip}::home or {zip}::clinic)", () => {
  const clinic = { destination: "CLINIC", zip: "62704" } as const;
  const home = { destination: "HOME", homeZip: "80011" } as const;

  it("writes the signed-in forms", () => {
    expect(signedInLocation("80011", "HOME")).toBe("80011::home");
    expect(signedInLocation("62704", "CLINIC")).toBe("62704::clinic");
    expect(parseUserLocation(signedInLocation("62704", "CLINIC"))).toEqual({ zip: "62704", destination: "CLINIC" });
  });

  it("a staff member shipping to the clinic: the clinic's ZIP, whatever the cookie says", () => {
    expect(shownLocation({ zip: "80011", destination: "HOME" }, clinic)).toEqual({ zip: "62704", destination: "CLINIC" });
    expect(shownLocation({ zip: "10001", destination: "CLINIC" }, clinic)).toEqual({ zip: "62704", destination: "CLINIC" });
  });

  it("anyone else: the cookie's location; a ::clinic one left from clinic delivery becomes home", () => {
    expect(shownLocation({ zip: "10001", destination: "HOME" }, home)).toEqual({ zip: "10001", destination: "HOME" });
    expect(shownLocation({ zip: "10001", destination: "HOME" }, null)).toEqual({ zip: "10001", destination: "HOME" });
    expect(shownLocation({ zip: "62704", destination: "CLINIC" }, { destination: "HOME", homeZip: "30301" })).toEqual({ zip: "30301", destination: "HOME" });
    expect(shownLocation({ zip: "62704", destination: "CLINIC" }, { destination: "HOME", homeZip: null })).toEqual({
      zip: DEFAULT_GUEST_ZIP,
      destination: "HOME",
    });
    expect(shownLocation({ zip: "62704", destination: "CLINIC" }, null)).toEqual({ zip: DEFAULT_GUEST_ZIP, destination: "HOME" });
  });

  it("the cookie a staff member's delivery calls for: {zip}::clinic for the clinic; home kept as set; null when it agrees", () => {
    expect(staffLocationCookie("80011::home", clinic)).toBe("62704::clinic");
    expect(staffLocationCookie(null, clinic)).toBe("62704::clinic");
    expect(staffLocationCookie("62704::CLINIC", clinic)).toBe("62704::clinic");
    expect(staffLocationCookie("62704::clinic", clinic)).toBeNull();
    expect(staffLocationCookie("10001::HOME", home)).toBeNull();
    expect(staffLocationCookie("10001::home", home)).toBeNull();
    expect(staffLocationCookie(null, home)).toBeNull();
    expect(staffLocationCookie("62704::clinic", { destination: "HOME", homeZip: "30301" })).toBe("30301::home");
  });
});
