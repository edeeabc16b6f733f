import { describe, expect, it } from "vitest";
import { donationImageRoutes } from "./donation-images";

describe("GET /donations/category-icons/{id}.svg and /donations/logos/{slug}.svg", () => {
  const app = donationImageRoutes();

  it("serves each category icon 0–25 as an SVG that may run nothing; 26 and other names are 404", async () => {
    for (const id of [0, 3, 25]) {
      const res = await app.request(`/donations/category-icons/${id}.svg`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
      expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(await res.text()).toMatch(/^<svg /);
    }
    for (const path of ["26.svg", "03x.svg", "3.png", "abc"]) expect((await app.request(`/donations/category-icons/${path}`)).status).toBe(404);
  });

  it("draws a seeded cause's logo from its slug", async () => {
    const res = await app.request("/donations/logos/paws-rescue-league.svg");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(">PR</text>");
    expect((await app.request("/donations/logos/Paws%20Rescue.svg")).status).toBe(404);
  });
});
