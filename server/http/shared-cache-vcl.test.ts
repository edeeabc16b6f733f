import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONSENT_COOKIE } from "../../rules/consent/categories-and-cookie";
import { USER_LOCATION_COOKIE, USER_WAREHOUSE_COOKIE } from "../../rules/shared/shopper-location";
import { carriesPersonalCookies } from "./page-cache";

// The shared cache in front (deploy/varnish/shop.vcl) must answer "is this request someone's in
// particular?" as the shop's own page cache does, or it would look a personal page up in the shared
// one. Varnish cannot run our code, so its rule is written again in VCL: this asks both the same
// question for every kind of cookie a shopper's browser sends.

const vcl = readFileSync(path.resolve(import.meta.dirname, "../../deploy/varnish/shop.vcl"), "utf8");
const between = /# guest-cookies:begin\n\s*set req\.http\.X-Other-Cookies = regsuball\(req\.http\.Cookie, "(.+)", ""\);\n\s*# guest-cookies:end/.exec(vcl);

/** The VCL's rule, run as Varnish runs it: remove the guest cookies; anything left is personal. */
function varnishPasses(cookieHeader: string): boolean {
  const pattern = new RegExp(between![1]!.replaceAll("\\\\", "\\"), "g");
  return /[^;\s]/.test(cookieHeader.replace(pattern, ""));
}

describe("the shared cache's guest-cookie rule", () => {
  it("is found in the VCL", () => {
    expect(between).not.toBeNull();
  });

  it("treats every cookie as the shop's page cache does", () => {
    const cookies = [
      `${CONSENT_COOKIE}=1.1.0.browserAaaaaaaaaaaaa.1795736105`,
      `${USER_LOCATION_COOKIE}=80011`,
      `${USER_WAREHOUSE_COOKIE}=DEN`,
      "_ga=GA1.1.1.1",
      "_ga_ABC123=GS1.1",
      "_gid=GA1.2",
      "_gcl_au=1.1",
      "sessionToken=abc",
      "col_cart_id=0b7c",
      "discount=SAVE10",
      "site_password=x",
      "og_auth=y",
      "isEligibleForPd=true",
      "kc_consentx=1",
      "userLocationX=1",
      "ga=1",
    ];
    for (const one of cookies) expect(varnishPasses(one), one).toBe(carriesPersonalCookies(one));
    // Mixed headers, as browsers send them.
    for (const header of [cookies.slice(0, 7).join("; "), `${cookies[0]}; sessionToken=abc`, `_ga=1;col_cart_id=2`, ""])
      expect(varnishPasses(header), header).toBe(carriesPersonalCookies(header));
  });
});
