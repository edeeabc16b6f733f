import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { createCartVariantCache } from "./cart-variant-cache";
import type { CartVariant } from "./cart-variants";

const conn = {} as Db;
const variant = (id: number, priceCents = 1000) => ({ id, priceCents }) as CartVariant;

/** A loader over a tiny catalogue that counts what it was asked. */
function catalogue(sold: Record<string, number[]>) {
  const asked: number[][] = [];
  let price = 1000;
  const load = async (ids: readonly number[], site: string) => {
    asked.push([...ids]);
    return new Map(ids.filter((id) => sold[site]?.includes(id)).map((id) => [id, variant(id, price)] as const));
  };
  return { asked, load, setPrice: (p: number) => (price = p) };
}

describe("the cart's variants kept per process", () => {
  it("reads the database on every call while changes cannot be heard", async () => {
    const c = catalogue({ d2c: [1, 2] });
    const cache = createCartVariantCache(c.load);
    await cache.get([1, 2], "d2c", conn);
    await cache.get([1, 2], "d2c", conn);
    expect(c.asked).toEqual([
      [1, 2],
      [1, 2],
    ]);
  });

  it("asks only for what it does not hold, per site; unknown ids are asked again", async () => {
    const c = catalogue({ d2c: [1, 2], hpsf: [1] });
    const cache = createCartVariantCache(c.load);
    cache.setLive(true);
    expect([...(await cache.get([1], "d2c", conn)).keys()]).toEqual([1]);
    expect([...(await cache.get([1, 2, 9], "d2c", conn)).keys()].sort()).toEqual([1, 2]);
    await cache.get([1, 2, 9], "d2c", conn);
    await cache.get([1], "hpsf", conn);
    expect(c.asked).toEqual([[1], [2, 9], [9], [1]]);
  });

  it("drops everything on a change, and keeps nothing a look-up read before it", async () => {
    const c = catalogue({ d2c: [1] });
    const cache = createCartVariantCache(c.load);
    cache.setLive(true);
    await cache.get([1], "d2c", conn);
    c.setPrice(1200);
    cache.invalidate();
    expect((await cache.get([1], "d2c", conn)).get(1)?.priceCents).toBe(1200);

    // A look-up in flight while a change commits answers what it read but does not keep it.
    c.setPrice(1500);
    cache.invalidate();
    const inFlight = cache.get([1], "d2c", conn);
    cache.invalidate();
    await inFlight;
    await cache.get([1], "d2c", conn);
    expect(c.asked).toHaveLength(4);
  });

  it("keeps nothing once changes can no longer be heard", async () => {
    const c = catalogue({ d2c: [1] });
    const cache = createCartVariantCache(c.load);
    cache.setLive(true);
    await cache.get([1], "d2c", conn);
    cache.setLive(false);
    await cache.get([1], "d2c", conn);
    await cache.get([1], "d2c", conn);
    expect(c.asked).toHaveLength(3);
  });
});
