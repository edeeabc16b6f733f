import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { frequencyOfSellingPlan } from "../../../rules/autoship-offer";
import { allowedAddQuantity, lineCap, normaliseQuantity } from "../../../rules/cart-limits";
import { normaliseCodes, type DiscountRule } from "../../../rules/cart-pricing";
import type { SiteId } from "../../../rules/site";
import { weightAttributes, WEIGHT_ATTRIBUTE, WEIGHT_UNIT_ATTRIBUTE } from "../../../rules/weight";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { CartVariant } from "../catalog/cart-variants";
import { cartLines, carts, discountCodes, type BuyerIdentity, type CartAttribute } from "./schema";
import { buildCartView, type CartRecord, type CartView, type LineRecord } from "./view";

// The cart of SPEC §3/§4: every write runs in one transaction holding the cart's row lock, so
// concurrent adds and updates of one cart apply one after another and never lose an update or
// pass a cap (ARCHITECTURE §5).

export type LineInput = {
  merchandiseId: string;
  quantity: number;
  attributes?: CartAttribute[];
  sellingPlanId?: string | null;
};
export type LineUpdate = { id: string; quantity: number; sellingPlanId?: string | null; attributes?: CartAttribute[] };

export type CartWarning = { code: "LINE_CAPPED"; message: string; merchandiseId?: string; lineId?: string };
export type CartFailureCode = "CART_NOT_FOUND" | "LINE_NOT_FOUND" | "VARIANT_NOT_FOUND" | "SELLING_PLAN_INVALID";
export type CartFailure = { ok: false; code: CartFailureCode; message: string; field?: string };
export type CartResult = { ok: true; cart: CartView; warnings: CartWarning[] } | CartFailure;

type CatalogForCart = { variantsForCart(ids: readonly number[], site: SiteId, db?: Db): Promise<Map<number, CartVariant>> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const fail = (code: CartFailureCode, message: string, field?: string): CartFailure => ({ ok: false, code, message, field });

/** "gid://shop/ProductVariant/123" or "123" → 123. */
export function parseMerchandiseId(id: string): number | null {
  const m = /^(?:gid:\/\/shop\/ProductVariant\/)?(\d{1,9})$/.exec(id.trim());
  return m ? Number(m[1]) : null;
}

function capMessage(autoship: boolean, cap: number): string {
  return autoship
    ? `Autoship items are limited to ${cap} per item in an order.`
    : `You can order at most ${cap} of one item in an order.`;
}

/** The line's own attributes with the hidden weight attributes of SPEC §5 always set. */
function lineAttributes(given: readonly CartAttribute[] | undefined, variant: CartVariant): CartAttribute[] {
  const own = (given ?? []).filter((a) => a.key !== WEIGHT_ATTRIBUTE && a.key !== WEIGHT_UNIT_ATTRIBUTE);
  return [...own, ...weightAttributes(variant.weight, variant.weightUnit)];
}

export function createCartService(db: Db, config: Config, catalog: CatalogForCart, clock: () => Date = () => new Date()) {
  async function readView(conn: Db, cartId: string, customerHasSubscription: boolean | null = null): Promise<CartView | null> {
    const [cart] = await conn.select().from(carts).where(eq(carts.id, cartId));
    // A checked-out cart became an order: to the shopper it is gone (the cookie naming it is cleared).
    if (!cart || cart.status !== "active") return null;
    const lines = await conn
      .select({
        id: cartLines.id,
        variantId: cartLines.variantId,
        quantity: cartLines.quantity,
        sellingPlanId: cartLines.sellingPlanId,
        attributes: cartLines.attributes,
      })
      .from(cartLines)
      .where(eq(cartLines.cartId, cartId))
      .orderBy(asc(cartLines.seq));
    const [variantMap, rules] = await Promise.all([
      catalog.variantsForCart([...new Set(lines.map((l) => l.variantId))], cart.site, conn),
      cart.discountCodes.length ? conn.select().from(discountCodes).where(inArray(discountCodes.code, cart.discountCodes)) : [],
    ]);
    return buildCartView(cart as CartRecord, lines as LineRecord[], variantMap, rules as DiscountRule[], {
      now: clock(),
      freeShippingThresholdCents: config.freeShippingThresholdCents,
      // Known at checkout (place-order passes it); elsewhere not yet (autoship issue).
      customerHasSubscription,
    });
  }

  /** Runs `change` with the cart locked; nothing is written when it fails. */
  async function mutate(
    cartId: string,
    site: SiteId,
    change: (tx: Db) => Promise<CartFailure | CartWarning[]>,
  ): Promise<CartResult> {
    if (!UUID.test(cartId)) return fail("CART_NOT_FOUND", "No cart with this id.", "cartId");
    type Rollback = { rollback: CartFailure };
    try {
      return await db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ id: carts.id })
          .from(carts)
          .where(and(eq(carts.id, cartId), eq(carts.site, site), eq(carts.status, "active")))
          .for("update");
        if (!locked) throw { rollback: fail("CART_NOT_FOUND", "No cart with this id.", "cartId") } satisfies Rollback;
        const outcome = await change(tx);
        if (!Array.isArray(outcome)) throw { rollback: outcome } satisfies Rollback;
        await tx.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.id, cartId));
        const cart = (await readView(tx, cartId))!;
        return { ok: true as const, cart, warnings: outcome };
      });
    } catch (err) {
      if (err && typeof err === "object" && "rollback" in err) return (err as Rollback).rollback;
      throw err;
    }
  }

  /** Validates variants and selling plans of new lines; returns them resolved, or the failure. */
  async function resolveInputs(tx: Db, site: SiteId, inputs: readonly LineInput[]) {
    const ids: number[] = [];
    for (const [i, input] of inputs.entries()) {
      const id = parseMerchandiseId(input.merchandiseId);
      if (id === null) return fail("VARIANT_NOT_FOUND", "Unknown product variant.", `lineItems.${i}.merchandiseId`);
      ids.push(id);
      if (input.sellingPlanId != null) {
        if (site === "hpsf") return fail("SELLING_PLAN_INVALID", "Autoship is not offered on this site.", `lineItems.${i}.sellingPlanId`);
        if (frequencyOfSellingPlan(input.sellingPlanId) === null)
          return fail("SELLING_PLAN_INVALID", "Unknown autoship frequency.", `lineItems.${i}.sellingPlanId`);
      }
    }
    const variants = await catalog.variantsForCart(ids, site, tx);
    const missing = ids.findIndex((id) => !variants.has(id));
    if (missing >= 0) return fail("VARIANT_NOT_FOUND", "Unknown product variant.", `lineItems.${missing}.merchandiseId`);
    return inputs.map((input, i) => ({ input, variant: variants.get(ids[i])! }));
  }

  async function addResolved(
    tx: Db,
    cartId: string,
    resolved: { input: LineInput; variant: CartVariant }[],
  ): Promise<CartWarning[]> {
    const warnings: CartWarning[] = [];
    for (const { input, variant } of resolved) {
      const plan = input.sellingPlanId ?? null;
      const autoship = plan !== null;
      const [existing] = await tx
        .select({ quantity: cartLines.quantity })
        .from(cartLines)
        .where(
          and(
            eq(cartLines.cartId, cartId),
            eq(cartLines.variantId, variant.id),
            sql`coalesce(${cartLines.sellingPlanId}, '') = ${plan ?? ""}`,
          ),
        );
      const requested = normaliseQuantity(input.quantity);
      const adding = allowedAddQuantity(existing?.quantity ?? 0, requested, autoship);
      if (adding < requested) {
        warnings.push({ code: "LINE_CAPPED", merchandiseId: input.merchandiseId, message: capMessage(autoship, lineCap(autoship)) });
      }
      if (adding === 0) continue;
      const attributes = JSON.stringify(lineAttributes(input.attributes, variant));
      // The cap is applied again in SQL: the row lock already serialises writers, this keeps the
      // invariant even for a writer that forgot to take it.
      await tx.execute(sql`
        insert into ${cartLines} (cart_id, variant_id, quantity, selling_plan_id, attributes)
        values (${cartId}, ${variant.id}, ${adding}, ${plan}, ${attributes}::jsonb)
        on conflict (cart_id, variant_id, coalesce(selling_plan_id, ''))
        do update set quantity = least(${cartLines}.quantity + excluded.quantity, ${lineCap(autoship)}),
                      attributes = excluded.attributes`);
    }
    return warnings;
  }

  return {
    /** The priced cart as checkout sees it, inside the caller's transaction (server/workflows/place-order.ts). */
    checkoutView: (conn: Db, cartId: string, customerHasSubscription: boolean | null) => readView(conn, cartId, customerHasSubscription),

    /**
     * The header's cart count: the units in an active cart on the site, without pricing the cart
     * (one indexed query; 0 for an unknown or checked-out cart).
     */
    async countItems(cartId: string, site: SiteId): Promise<number> {
      if (!UUID.test(cartId)) return 0;
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${cartLines.quantity}), 0)::int` })
        .from(cartLines)
        .innerJoin(carts, eq(carts.id, cartLines.cartId))
        .where(and(eq(carts.id, cartId), eq(carts.site, site), eq(carts.status, "active")));
      return Number(row?.n ?? 0);
    },

    /** The cart's owner: a customer id, null for a guest cart, undefined when there is no such cart. */
    async ownerOf(cartId: string, site: SiteId): Promise<string | null | undefined> {
      if (!UUID.test(cartId)) return undefined;
      const [row] = await db
        .select({ customerId: carts.customerId })
        .from(carts)
        .where(and(eq(carts.id, cartId), eq(carts.site, site), eq(carts.status, "active")));
      return row ? row.customerId : undefined;
    },

    /** Gives a guest cart (or the customer's own) to the customer; null when it is someone else's or gone. */
    async claimCart(cartId: string, site: SiteId, customerId: string): Promise<CartView | null> {
      if (!UUID.test(cartId)) return null;
      const [row] = await db
        .update(carts)
        .set({ customerId, updatedAt: sql`now()` })
        .where(
          and(
            eq(carts.id, cartId),
            eq(carts.site, site),
            eq(carts.status, "active"),
            sql`(${carts.customerId} is null or ${carts.customerId} = ${customerId})`,
          ),
        )
        .returning({ id: carts.id });
      return row ? readView(db, row.id) : null;
    },

    /**
     * SPEC §4 sign-in: the guest cart's lines are added to the customer's persisted cart through the
     * same capped add as any add (SPEC §5 caps, LINE_CAPPED warnings), then the guest cart is deleted.
     * Both carts are locked (in id order, so two merges cannot deadlock). The guest cart must be a
     * guest's (or already the customer's) and the target the customer's own or unowned.
     */
    async mergeGuestCart(guestCartId: string, customerCartId: string, site: SiteId, customerId: string): Promise<CartResult> {
      if (!UUID.test(guestCartId) || !UUID.test(customerCartId) || guestCartId === customerCartId)
        return fail("CART_NOT_FOUND", "No cart with this id.", "cartId");
      return db.transaction(async (tx) => {
        const locked = await tx
          .select({ id: carts.id, customerId: carts.customerId })
          .from(carts)
          .where(and(inArray(carts.id, [guestCartId, customerCartId]), eq(carts.site, site), eq(carts.status, "active")))
          .orderBy(asc(carts.id))
          .for("update");
        const guest = locked.find((c) => c.id === guestCartId && (c.customerId === null || c.customerId === customerId));
        const target = locked.find((c) => c.id === customerCartId && (c.customerId === null || c.customerId === customerId));
        if (!target) return fail("CART_NOT_FOUND", "No cart with this id.", "cartId");
        let warnings: CartWarning[] = [];
        if (guest) {
          const lines = await tx
            .select()
            .from(cartLines)
            .where(eq(cartLines.cartId, guest.id))
            .orderBy(asc(cartLines.seq));
          const variantMap = await catalog.variantsForCart([...new Set(lines.map((l) => l.variantId))], site, tx);
          const resolved = lines
            .filter((l) => variantMap.has(l.variantId))
            .map((l) => ({
              input: { merchandiseId: String(l.variantId), quantity: l.quantity, sellingPlanId: l.sellingPlanId, attributes: l.attributes },
              variant: variantMap.get(l.variantId)!,
            }));
          warnings = await addResolved(tx, target.id, resolved);
          await tx.delete(carts).where(eq(carts.id, guest.id));
        }
        await tx.update(carts).set({ customerId, updatedAt: sql`now()` }).where(eq(carts.id, target.id));
        return { ok: true as const, cart: (await readView(tx, target.id))!, warnings };
      });
    },

    /** `customerHasSubscription` (known for a signed-in customer) decides first-Autoship-order codes like AUTO35. */
    getCart: async (cartId: string, site: SiteId, customerHasSubscription: boolean | null = null): Promise<CartView | null> => {
      if (!UUID.test(cartId)) return null;
      const view = await readView(db, cartId, customerHasSubscription);
      return view && view.site === site ? view : null;
    },

    /** SPEC §4: a cart is created on the first add, with the buyer identity given (empty for a guest). */
    async createCart(site: SiteId, buyerIdentity: Partial<BuyerIdentity>, lines: readonly LineInput[]): Promise<CartResult> {
      type Rollback = { rollback: CartFailure };
      try {
        return await db.transaction(async (tx) => {
          const resolved = await resolveInputs(tx, site, lines);
          if (!Array.isArray(resolved)) throw { rollback: resolved } satisfies Rollback;
          const [cart] = await tx
            .insert(carts)
            .values({
              site,
              buyerEmail: buyerIdentity.email ?? null,
              buyerPhone: buyerIdentity.phone ?? null,
              buyerCountryCode: buyerIdentity.countryCode ?? null,
            })
            .returning({ id: carts.id });
          const warnings = await addResolved(tx, cart.id, resolved);
          return { ok: true as const, cart: (await readView(tx, cart.id))!, warnings };
        });
      } catch (err) {
        if (err && typeof err === "object" && "rollback" in err) return (err as Rollback).rollback;
        throw err;
      }
    },

    addLines: (cartId: string, site: SiteId, lines: readonly LineInput[]) =>
      mutate(cartId, site, async (tx) => {
        const resolved = await resolveInputs(tx, site, lines);
        return Array.isArray(resolved) ? addResolved(tx, cartId, resolved) : resolved;
      }),

    removeLines: (cartId: string, site: SiteId, lineIds: readonly string[]) =>
      mutate(cartId, site, async (tx) => {
        const ids = [...new Set(lineIds)];
        if (!ids.every((id) => UUID.test(id))) return fail("LINE_NOT_FOUND", "No such line in this cart.", "lineItemIds");
        const found = await tx
          .select({ id: cartLines.id })
          .from(cartLines)
          .where(and(eq(cartLines.cartId, cartId), inArray(cartLines.id, ids)));
        if (found.length !== ids.length) return fail("LINE_NOT_FOUND", "No such line in this cart.", "lineItemIds");
        await tx.delete(cartLines).where(and(eq(cartLines.cartId, cartId), inArray(cartLines.id, ids)));
        return [];
      }),

    /** Quantity 0 removes a line (SPEC §4 "Remove sets the line quantity to 0"); above the cap it is capped. */
    updateLines: (cartId: string, site: SiteId, updates: readonly LineUpdate[]) =>
      mutate(cartId, site, async (tx) => {
        const ids = updates.map((u) => u.id);
        if (!ids.every((id) => UUID.test(id)) || new Set(ids).size !== ids.length)
          return fail("LINE_NOT_FOUND", "No such line in this cart.", "lineItems");
        const rows = await tx
          .select()
          .from(cartLines)
          .where(and(eq(cartLines.cartId, cartId), inArray(cartLines.id, ids)));
        if (rows.length !== ids.length) return fail("LINE_NOT_FOUND", "No such line in this cart.", "lineItems");
        const variants = await catalog.variantsForCart(rows.map((r) => r.variantId), site, tx);
        const warnings: CartWarning[] = [];
        for (const [i, u] of updates.entries()) {
          const row = rows.find((r) => r.id === u.id)!;
          const plan = u.sellingPlanId === undefined ? row.sellingPlanId : u.sellingPlanId;
          if (plan !== null && (site === "hpsf" || frequencyOfSellingPlan(plan) === null))
            return fail("SELLING_PLAN_INVALID", "Unknown autoship frequency.", `lineItems.${i}.sellingPlanId`);
          if (u.quantity <= 0) {
            await tx.delete(cartLines).where(eq(cartLines.id, row.id));
            continue;
          }
          const cap = lineCap(plan !== null);
          const quantity = Math.min(normaliseQuantity(u.quantity), cap);
          if (quantity < u.quantity) warnings.push({ code: "LINE_CAPPED", lineId: row.id, message: capMessage(plan !== null, cap) });
          const variant = variants.get(row.variantId);
          const attributes = variant ? lineAttributes(u.attributes ?? row.attributes, variant) : (u.attributes ?? row.attributes);
          const [twin] =
            plan === row.sellingPlanId
              ? []
              : await tx
                  .select({ id: cartLines.id, quantity: cartLines.quantity })
                  .from(cartLines)
                  .where(
                    and(
                      eq(cartLines.cartId, cartId),
                      eq(cartLines.variantId, row.variantId),
                      sql`coalesce(${cartLines.sellingPlanId}, '') = ${plan ?? ""}`,
                    ),
                  );
          if (twin) {
            // Switching purchase kind onto an existing line of the same item merges the two.
            await tx.delete(cartLines).where(eq(cartLines.id, row.id));
            await tx.update(cartLines).set({ quantity: Math.min(twin.quantity + quantity, cap) }).where(eq(cartLines.id, twin.id));
          } else {
            await tx.update(cartLines).set({ quantity, sellingPlanId: plan, attributes }).where(eq(cartLines.id, row.id));
          }
        }
        return warnings;
      }),

    updateAttributes: (cartId: string, site: SiteId, attributes: CartAttribute[]) =>
      mutate(cartId, site, async (tx) => {
        await tx.update(carts).set({ attributes }).where(eq(carts.id, cartId));
        return [];
      }),

    updateBuyerIdentity: (cartId: string, site: SiteId, identity: Partial<BuyerIdentity>) =>
      mutate(cartId, site, async (tx) => {
        const set: Partial<typeof carts.$inferInsert> = {};
        if (identity.email !== undefined) set.buyerEmail = identity.email;
        if (identity.phone !== undefined) set.buyerPhone = identity.phone;
        if (identity.countryCode !== undefined) set.buyerCountryCode = identity.countryCode;
        if (Object.keys(set).length) await tx.update(carts).set(set).where(eq(carts.id, cartId));
        return [];
      }),

    updateDiscountCodes: (cartId: string, site: SiteId, codes: readonly string[]) =>
      mutate(cartId, site, async (tx) => {
        await tx.update(carts).set({ discountCodes: normaliseCodes(codes) }).where(eq(carts.id, cartId));
        return [];
      }),

    updateNote: (cartId: string, site: SiteId, note: string) =>
      mutate(cartId, site, async (tx) => {
        await tx.update(carts).set({ note }).where(eq(carts.id, cartId));
        return [];
      }),
  };
}

export type CartService = ReturnType<typeof createCartService>;
