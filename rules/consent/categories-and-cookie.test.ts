import { describe, expect, it } from "vitest";
import {
  anonymousIdFrom,
  bannerChoice,
  consentCookie,
  CONSENT_REVISION,
  decideConsent,
  isAnonymousId,
  proofOfConsent,
  consentDecidedIn,
  consentStateOf,
  cookieValue,
  cookiesMatching,
  currentDecision,
  decodeConsentCookie,
  encodeConsentCookie,
  googleConsentSignals,
  gtmScriptUrl,
  scriptStep,
  UNDECIDED,
} from "./categories-and-cookie";

const record = { revision: CONSENT_REVISION, functional: true, advertising: false, anonymousId: "AbCdEfGhIjKlMnOpQrStUv", decidedAt: 1_790_000_000 };

describe("the consent cookie", () => {
  it("round-trips a decision in a cookie-safe value", () => {
    const value = encodeConsentCookie(record);
    expect(value).toBe(`${CONSENT_REVISION}.1.0.AbCdEfGhIjKlMnOpQrStUv.1790000000`);
    expect(value).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(decodeConsentCookie(value)).toEqual(record);
  });

  it.each([
    "",
    "1.1.0",
    "1.2.0.AbCdEfGhIjKlMnOpQrStUv.1",
    "1.1.0.short.1",
    "x.1.0.AbCdEfGhIjKlMnOpQrStUv.1",
    "1.1.0.AbCdEfGhIjKlMnOpQrStUv.1.extra",
    "1.1.0.AbCd EfGhIjKlMnOpQrStUv.1",
  ])("treats %j as never decided", (value) => {
    expect(decodeConsentCookie(value)).toBeNull();
  });

  it("a decision of another policy revision no longer counts: the banner asks again", () => {
    const old = encodeConsentCookie({ ...record, revision: CONSENT_REVISION - 1 || 99 });
    expect(decodeConsentCookie(old)).not.toBeNull();
    expect(currentDecision(old)).toBeNull();
    expect(currentDecision(encodeConsentCookie(record))).toEqual(record);
    expect(currentDecision(encodeConsentCookie(record), CONSENT_REVISION + 1)).toBeNull();
  });

  it("the state getConsent() answers: all false until decided, required on once decided", () => {
    expect(consentStateOf(null)).toEqual(UNDECIDED);
    expect(UNDECIDED).toEqual({ required: false, functional: false, advertising: false });
    expect(consentStateOf(record)).toEqual({ required: true, functional: true, advertising: false });
  });

  it("a request's cookies carry a decision only with a well-formed cookie of the current revision", () => {
    const current = encodeConsentCookie(record);
    expect(consentDecidedIn(`a=1; kc_consent=${current}; b=2`)).toBe(true);
    expect(consentDecidedIn(null)).toBe(false);
    expect(consentDecidedIn("a=1; b=2")).toBe(false);
    expect(consentDecidedIn("kc_consent=1.1.0.short.1")).toBe(false);
    expect(consentDecidedIn(`kc_consent=${encodeConsentCookie({ ...record, revision: CONSENT_REVISION + 1 })}`)).toBe(false);
  });

  it("reads one raw cookie and lists cookies by prefix", () => {
    const header = "a=1; kc_consent=1.1.1.AbCdEfGhIjKlMnOpQrStUv.5; _ga=GA1; _ga_XYZ=2; _gid=3; other_ga=4";
    expect(cookieValue(header, "kc_consent")).toBe("1.1.1.AbCdEfGhIjKlMnOpQrStUv.5");
    expect(cookieValue(header, "missing")).toBeNull();
    expect(cookiesMatching(header, ["_ga", "_gid"])).toEqual(["_ga", "_ga_XYZ", "_gid"]);
  });
});

describe("a registered script's moves (SPEC §4)", () => {
  it("granted: a pending or removed script loads, a loaded one stays", () => {
    expect(scriptStep("pending", true, false)).toBe("load");
    expect(scriptStep("removed", true, true)).toBe("load");
    expect(scriptStep("loaded", true, true)).toBe("none");
  });

  it("refused: marked removed with its denied callback; a loaded removeOnDecline script leaves the page", () => {
    expect(scriptStep("pending", false, false)).toBe("deny");
    expect(scriptStep("pending", false, true)).toBe("deny");
    expect(scriptStep("loaded", false, false)).toBe("deny");
    expect(scriptStep("loaded", false, true)).toBe("remove");
    expect(scriptStep("removed", false, true)).toBe("none");
  });
});

describe("Google Consent Mode and the tag manager's URL", () => {
  it("maps the advertising choice to the four v2 signals", () => {
    expect(googleConsentSignals(false)).toEqual({ ad_storage: "denied", analytics_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" });
    expect(Object.values(googleConsentSignals(true))).toEqual(["granted", "granted", "granted", "granted"]);
  });

  it("puts the container id on the configured loader URL", () => {
    expect(gtmScriptUrl("GTM-AB12CD3")).toBe("https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3");
    expect(gtmScriptUrl("GTM-AB12CD3", "https://tags.example.test/gtm.js?l=dl")).toBe("https://tags.example.test/gtm.js?l=dl&id=GTM-AB12CD3");
  });
});

describe("a decision made now (the privacy manager and the banner's form alike)", () => {
  const now = new Date("2026-11-28T20:00:00.500Z");
  const newId = () => "NewBrowserId_0000000001";

  it("keeps the browser's earlier anonymous id, even of an older policy revision", () => {
    const earlier = encodeConsentCookie({ ...record, revision: CONSENT_REVISION + 1 });
    expect(decideConsent(bannerChoice("reject"), earlier, now, newId)).toEqual({
      revision: CONSENT_REVISION,
      functional: false,
      advertising: false,
      anonymousId: record.anonymousId,
      decidedAt: 1_795_896_000,
    });
  });

  it("makes a new id for a first decision or an unreadable cookie", () => {
    expect(decideConsent(bannerChoice("accept"), null, now, newId)).toMatchObject({
      functional: true,
      advertising: true,
      anonymousId: "NewBrowserId_0000000001",
    });
    expect(decideConsent(bannerChoice("accept"), "junk", now, newId).anonymousId).toBe("NewBrowserId_0000000001");
  });

  it("makes anonymous ids the cookie accepts from 16 random bytes", () => {
    const id = anonymousIdFrom(new Uint8Array(16).fill(251));
    expect(id).toBe("-_v7-_v7-_v7-_v7-_v7-w");
    expect(isAnonymousId(id)).toBe(true);
  });

  it("is kept in a first-party cookie for 13 months, Secure on https", () => {
    expect(consentCookie(record, false)).toBe(`kc_consent=${encodeConsentCookie(record)}; Max-Age=34128000; Path=/; SameSite=Lax`);
    expect(consentCookie(record, true)).toMatch(/; SameSite=Lax; Secure$/);
  });

  it("is proven by the body of POST /api/consent", () => {
    expect(proofOfConsent(record, "banner")).toEqual({
      anonymousId: record.anonymousId,
      revision: CONSENT_REVISION,
      categories: { required: true, functional: true, advertising: false },
      decidedAt: "2026-09-21T14:13:20.000Z",
      source: "banner",
    });
  });
});
