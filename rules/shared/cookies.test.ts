import { describe, expect, it } from "vitest";
import { clearCookie, readCookie, setCookie } from "./cookies";

describe("readCookie", () => {
  it("finds one cookie by its exact name and decodes it", () => {
    expect(readCookie("a=1; userWarehouse=DEN1", "userWarehouse")).toBe("DEN1");
    expect(readCookie("userLocation=80011%3A%3AHOME", "userLocation")).toBe("80011::HOME");
    expect(readCookie("og_auth=c1|ab|q+/=", "og_auth")).toBe("c1|ab|q+/=");
    expect(readCookie("a=1;b=2", "b")).toBe("2");
  });

  it("gives null when absent, unnamed or badly escaped", () => {
    expect(readCookie("xuserWarehouse=1", "userWarehouse")).toBeNull();
    expect(readCookie("userLocation=%E0%A4%A", "userLocation")).toBeNull();
    expect(readCookie("", "a")).toBeNull();
    expect(readCookie(null, "a")).toBeNull();
    expect(readCookie(undefined, "a")).toBeNull();
  });

  it("takes the first of repeated names", () => {
    expect(readCookie("a=1; a=2", "a")).toBe("1");
  });
});

describe("setCookie", () => {
  it("writes the attributes in one order, SameSite=Lax always", () => {
    expect(setCookie("userWarehouse", "DEN1", { maxAgeSeconds: 2592000 })).toBe("userWarehouse=DEN1; Max-Age=2592000; Path=/; SameSite=Lax");
    expect(setCookie("sessionToken", "tok", { maxAgeSeconds: 60, httpOnly: true, secure: true })).toBe(
      "sessionToken=tok; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax",
    );
    expect(setCookie("receipt", "o.s", { maxAgeSeconds: 3600, path: "/checkout", httpOnly: true })).toBe(
      "receipt=o.s; Max-Age=3600; Path=/checkout; HttpOnly; SameSite=Lax",
    );
  });

  it("URI-encodes values unless told they are raw", () => {
    expect(setCookie("userLocation", "80011::HOME", { maxAgeSeconds: 1, secure: true })).toBe(
      "userLocation=80011%3A%3AHOME; Max-Age=1; Path=/; Secure; SameSite=Lax",
    );
    expect(setCookie("og_auth", "c1|ab|q+/=", { maxAgeSeconds: 7200, raw: true })).toBe("og_auth=c1|ab|q+/=; Max-Age=7200; Path=/; SameSite=Lax");
  });

  it("clears with an empty value and Max-Age=0", () => {
    expect(clearCookie("col_cart_id", { httpOnly: true })).toBe("col_cart_id=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax");
  });

  it("round-trips through readCookie", () => {
    const set = setCookie("discount", "SAVE 10%", { maxAgeSeconds: 5 });
    expect(readCookie(set.split(";")[0], "discount")).toBe("SAVE 10%");
  });
});
