import { describe, expect, it } from "vitest";
import { refererPath } from "./session.server";

const req = (referer: string | null) => new Request("http://localhost:3000/shelter/login", { headers: referer ? { referer } : {} });

describe("refererPath: the previous page after sign-in (SPEC §2), same-site only", () => {
  it("keeps a page of this site", () => {
    expect(refererPath(req("http://localhost:3000/products?page=2"))).toBe("/products?page=2");
  });

  it("ignores other sites, sign-in pages, logout and garbage", () => {
    for (const r of ["https://evil.example/products", "http://localhost:4000/x", "http://localhost:3000/shelter/register", "http://localhost:3000/logout", "not a url", null]) {
      expect(refererPath(req(r)), String(r)).toBeNull();
    }
  });
});
