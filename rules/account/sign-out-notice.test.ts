import { describe, expect, it } from "vitest";
import { clearCookie } from "../shared/cookies";
import { INACTIVITY_SIGN_OUT_MESSAGE, SIGNED_OUT_COOKIE, SIGNED_OUT_COOKIE_REMOVAL, signedOutCookie, signOutNotice } from "./sign-out-notice";

describe("the signed-out notice's cookie", () => {
  it("is set for an inactivity sign-out only, and read back into the notice", () => {
    expect(signedOutCookie("sign_out", false)).toBeNull();
    const set = signedOutCookie("inactivity", true)!;
    expect(set).toMatch(/^signed_out=inactivity; Max-Age=60; Path=\/; .*Secure/);
    expect(signOutNotice(`a=1; ${set.split(";")[0]}`)).toBe(INACTIVITY_SIGN_OUT_MESSAGE);
    expect(signOutNotice("signed_out=sign_out")).toBeNull();
    expect(signOutNotice(null)).toBeNull();
  });

  it("is removed by the page's script with the same words the cookie library writes", () => {
    expect(SIGNED_OUT_COOKIE_REMOVAL).toBe(clearCookie(SIGNED_OUT_COOKIE));
  });
});
