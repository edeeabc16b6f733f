import { describe, expect, it } from "vitest";
import {
  DEFAULT_GUEST_ZIP,
  formatUserLocation,
  locationLabel,
  parseUserLocation,
  USER_WAREHOUSE_MAX_AGE_SECONDS,
  userLocationFromCookies,
} from "./location";

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
