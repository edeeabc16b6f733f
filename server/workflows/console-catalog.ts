import { z } from "zod";
import { BADGE_ORDER } from "../../rules/catalog/product-card";
import type { Db } from "../db/client";
import { activeSubscriptionsOfVariant } from "../modules/autoship";
import {
  consoleProduct,
  consoleProductList,
  lockProduct,
  lockVariant,
  writeProduct,
  writeVariantMerchandising,
  writeVariantPrice,
  type ProductListQuery,
  STOCK_ADJUSTMENT_REASONS,
  adjustStock,
  stockAdjustmentsOfProduct,
} from "../modules/catalog";
import type { Operator, OperatorsService } from "../modules/operators";
import { consoleGuard, type Denied } from "./console";

// The console's catalogue writes: product title and description, publishing, a variant's price and
// compare-at price, its badges and deal, and stock adjustments per warehouse. Each one: the role
// check (consoleGuard, a refusal audited), the input validated here (one zod schema per write, the
// errors named by field for the form), then one transaction that locks the row, writes through the
// catalogue or inventory module, and writes the audit entry with the state before and after — so an
// entry exists exactly when the change does. The guest page cache hears every change through the
// catalogue tables' triggers (drizzle migration page_cache_invalidation).

export type Invalid = { ok: false; code: "INVALID"; message: string; errors: Record<string, string> };
type NotFound = { ok: false; code: "NOT_FOUND"; message: string };
type Done<T = object> = { ok: true } & T;

/** Badges an operator sets by hand: out-of-stock follows live stock and deal follows the deal list. */
export const EDITABLE_BADGES = BADGE_ORDER.filter((b) => b !== "out-of-stock" && b !== "deal").map((b) => (b === "brand-new" ? "new" : b));
const BADGE_PREFIX = "badge::";

const id = z.coerce.number({ error: "Unknown item" }).int("Unknown item").positive("Unknown item").max(2_147_483_647, "Unknown item");
/** Dollars as typed ("12", "12.5", "12.99") → cents. */
const dollars = z
  .string({ error: "Enter a price" })
  .trim()
  .regex(/^\d{1,6}(\.\d{1,2})?$/, "Enter an amount in dollars, e.g. 12.99")
  .transform((s) => Math.round(Number(s) * 100));

const productInput = z.object({
  productId: id,
  title: z.string({ error: "Enter a title" }).trim().min(1, "Enter a title").max(200, "At most 200 characters"),
  description: z.string().trim().max(10_000, "At most 10,000 characters").default(""),
});
const publishInput = z.object({ productId: id, published: z.boolean() });
const priceInput = z
  .object({
    variantId: id,
    price: dollars.refine((c) => c > 0, "The price must be above $0.00"),
    compareAt: z.union([z.literal("").transform(() => null), dollars]).default(null),
    /** The operator saw how many active subscriptions the new price reaches and confirmed. */
    confirmed: z.boolean().default(false),
  })
  .refine((p) => p.compareAt === null || p.compareAt > p.price, { path: ["compareAt"], message: "The compare-at price must be above the price, or empty" });
const merchandisingInput = z
  .object({
    variantId: id,
    badges: z.array(z.enum(EDITABLE_BADGES as [string, ...string[]], { error: "Unknown badge" })).default([]),
    deal: z.boolean().default(false),
    dealLabel: z.string().trim().max(40, "At most 40 characters").default(""),
  })
  .refine((p) => !p.deal || p.dealLabel.length > 0, { path: ["dealLabel"], message: "A deal needs its label, e.g. Save 20%" });
const stockInput = z
  .object({
    variantId: id,
    warehouseCode: z.string().trim().min(1, "Choose a warehouse").max(20),
    delta: z.coerce
      .number({ error: "Enter a whole number, e.g. 12 or -3" })
      .int("Enter a whole number, e.g. 12 or -3")
      .min(-100_000, "At most 100,000 at once")
      .max(100_000, "At most 100,000 at once")
      .refine((n) => n !== 0, "A change of 0 changes nothing"),
    reason: z.enum(STOCK_ADJUSTMENT_REASONS, { error: "Choose a reason" }),
    note: z.string().trim().max(500, "At most 500 characters").default(""),
  })
  .refine((p) => p.reason !== "other" || p.note.length > 0, { path: ["note"], message: "Say what happened when the reason is Other" });

function invalid(error: z.ZodError): Invalid {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return { ok: false, code: "INVALID", message: "Check the fields marked.", errors };
}

export type CatalogConsoleDeps = { db: Db; operators: OperatorsService };

export function createCatalogConsole({ db, operators }: CatalogConsoleDeps) {
  const allowed = consoleGuard(operators);
  const notFound = async (operator: Operator, action: string, targetType: string, targetId: string): Promise<NotFound> => {
    await operators.audit({ operator, action, targetType, targetId, outcome: "failed", after: { error: "NOT_FOUND" } });
    return { ok: false, code: "NOT_FOUND", message: "No such product or variant." };
  };

  return {
    /** The product table (catalogue module consoleProductList): one query per page. */
    productList: (query: ProductListQuery) => consoleProductList(db, query),
    /** One product with its variants and stock in every warehouse, or null. */
    product: (productId: number) => consoleProduct(db, productId),
    /** The product's latest hand-made stock changes, newest first. */
    stockHistory: (productId: number, limit = 50) => stockAdjustmentsOfProduct(db, productId, limit),

    /** Read-only: how many active Autoships a new price of this variant would reach (the confirmation's text). */
    activeSubscriptions: (variantId: number) => activeSubscriptionsOfVariant(db, variantId),

    async updateProduct(
      operator: Operator,
      input: { productId: unknown; title?: unknown; description?: unknown },
    ): Promise<Done | Invalid | NotFound | Denied> {
      const target = String(input.productId);
      const denied = await allowed(operator, "catalog.manage", "product.update", "product", target);
      if (denied) return denied;
      const parsed = productInput.safeParse(input);
      if (!parsed.success) return invalid(parsed.error);
      const { productId, title, description } = parsed.data;
      const done = await db.transaction(async (tx) => {
        const before = await lockProduct(tx, productId);
        if (!before) return false;
        await writeProduct(tx, productId, { title, description });
        await operators.audit(
          {
            operator,
            action: "product.update",
            targetType: "product",
            targetId: String(productId),
            outcome: "ok",
            before: { title: before.title, description: before.description },
            after: { title, description },
          },
          tx,
        );
        return true;
      });
      return done ? { ok: true } : notFound(operator, "product.update", "product", target);
    },

    /** Publishes or unpublishes: an unpublished product leaves the listing, search and cart at once (catalogue reads check the flag). */
    async setPublished(operator: Operator, input: { productId: unknown; published: boolean }): Promise<Done | Invalid | NotFound | Denied> {
      const action = input.published ? "product.publish" : "product.unpublish";
      const target = String(input.productId);
      const denied = await allowed(operator, "catalog.manage", action, "product", target);
      if (denied) return denied;
      const parsed = publishInput.safeParse(input);
      if (!parsed.success) return invalid(parsed.error);
      const { productId, published } = parsed.data;
      const done = await db.transaction(async (tx) => {
        const before = await lockProduct(tx, productId);
        if (!before) return false;
        await writeProduct(tx, productId, { published });
        await operators.audit(
          {
            operator,
            action,
            targetType: "product",
            targetId: String(productId),
            outcome: "ok",
            before: { published: before.published },
            after: { published },
          },
          tx,
        );
        return true;
      });
      return done ? { ok: true } : notFound(operator, action, "product", target);
    },

    /**
     * A variant's price and compare-at price. A new price reaches active subscriptions at their next
     * renewal, so an unconfirmed change answers CONFIRM with how many it touches and writes nothing.
     */
    async setVariantPrice(
      operator: Operator,
      input: { variantId: unknown; price?: unknown; compareAt?: unknown; confirmed?: boolean },
    ): Promise<
      | Done<{ priceCents: number; compareAtCents: number | null }>
      | { ok: false; code: "CONFIRM"; message: string; subscriptions: number }
      | Invalid
      | NotFound
      | Denied
    > {
      const target = String(input.variantId);
      const denied = await allowed(operator, "catalog.manage", "variant.price", "variant", target);
      if (denied) return denied;
      const parsed = priceInput.safeParse(input);
      if (!parsed.success) return invalid(parsed.error);
      const { variantId, price, compareAt, confirmed } = parsed.data;
      type Outcome = "missing" | { confirm: number } | { priceCents: number; compareAtCents: number | null };
      const outcome: Outcome = await db.transaction(async (tx) => {
        const before = await lockVariant(tx, variantId);
        if (!before) return "missing";
        if (price !== before.priceCents && !confirmed) return { confirm: await activeSubscriptionsOfVariant(tx, variantId) };
        await writeVariantPrice(tx, variantId, { priceCents: price, compareAtCents: compareAt });
        await operators.audit(
          {
            operator,
            action: "variant.price",
            targetType: "variant",
            targetId: String(variantId),
            outcome: "ok",
            before: { sku: before.sku, priceCents: before.priceCents, compareAtCents: before.compareAtCents },
            after: { sku: before.sku, priceCents: price, compareAtCents: compareAt },
          },
          tx,
        );
        return { priceCents: price, compareAtCents: compareAt };
      });
      if (outcome === "missing") return notFound(operator, "variant.price", "variant", target);
      if ("confirm" in outcome) {
        const n = outcome.confirm;
        return {
          ok: false,
          code: "CONFIRM",
          subscriptions: n,
          message: `This price applies to ${n} active Autoship${n === 1 ? "" : "s"} at their next renewal.`,
        };
      }
      return { ok: true, ...outcome };
    },

    /** A variant's badges (badge::… tags; other tags kept) and its deal: in the deal list with a label, or out. */
    async setVariantMerchandising(
      operator: Operator,
      input: { variantId: unknown; badges?: unknown; deal?: boolean; dealLabel?: unknown },
    ): Promise<Done | Invalid | NotFound | Denied> {
      const target = String(input.variantId);
      const denied = await allowed(operator, "catalog.manage", "variant.update", "variant", target);
      if (denied) return denied;
      const parsed = merchandisingInput.safeParse(input);
      if (!parsed.success) return invalid(parsed.error);
      const { variantId, badges, deal, dealLabel } = parsed.data;
      const done = await db.transaction(async (tx) => {
        const before = await lockVariant(tx, variantId);
        if (!before) return false;
        // Tags the form does not show (out-of-stock, anything not a badge) stay; deal follows the deal list.
        const kept = before.badgeTags.filter((t) => {
          const name = t.startsWith(BADGE_PREFIX) ? t.slice(BADGE_PREFIX.length) : null;
          return name === null || (name !== "deal" && !EDITABLE_BADGES.includes(name as (typeof EDITABLE_BADGES)[number]));
        });
        const badgeTags = [...kept, ...[...new Set(badges)].map((b) => BADGE_PREFIX + b), ...(deal ? [`${BADGE_PREFIX}deal`] : [])];
        const label = deal ? dealLabel : null;
        await writeVariantMerchandising(tx, before, { badgeTags, dealLabel: label });
        await operators.audit(
          {
            operator,
            action: "variant.update",
            targetType: "variant",
            targetId: String(variantId),
            outcome: "ok",
            before: { sku: before.sku, badgeTags: before.badgeTags, dealLabel: before.dealLabel },
            after: { sku: before.sku, badgeTags, dealLabel: label },
          },
          tx,
        );
        return true;
      });
      return done ? { ok: true } : notFound(operator, "variant.update", "variant", target);
    },

    /** A signed stock change with a reason, under the inventory row's lock (inventory module adjustStock). */
    async adjustStock(
      operator: Operator,
      input: { variantId: unknown; warehouseCode?: unknown; delta?: unknown; reason?: unknown; note?: unknown },
    ): Promise<
      | Done<{ onHand: number; reserved: number }>
      | { ok: false; code: "BELOW_RESERVED"; message: string; errors: Record<string, string> }
      | Invalid
      | NotFound
      | Denied
    > {
      const target = `${String(input.warehouseCode)}:${String(input.variantId)}`;
      const denied = await allowed(operator, "catalog.manage", "stock.adjust", "inventory", target);
      if (denied) return denied;
      const parsed = stockInput.safeParse(input);
      if (!parsed.success) return invalid(parsed.error);
      const p = parsed.data;
      const targetId = `${p.warehouseCode}:${p.variantId}`;
      const result = await db.transaction(async (tx) => {
        const r = await adjustStock(tx, { ...p, operatorEmail: operator.email });
        if (r.ok)
          await operators.audit(
            {
              operator,
              action: "stock.adjust",
              targetType: "inventory",
              targetId,
              outcome: "ok",
              before: { sku: r.sku, ...r.before },
              after: { sku: r.sku, ...r.after, delta: p.delta, reason: p.reason, note: p.note },
            },
            tx,
          );
        return r;
      });
      if (result.ok) return { ok: true, ...result.after };
      if (result.code === "NOT_FOUND") return notFound(operator, "stock.adjust", "inventory", targetId);
      await operators.audit({
        operator,
        action: "stock.adjust",
        targetType: "inventory",
        targetId,
        outcome: "failed",
        before: { onHand: result.onHand, reserved: result.reserved },
        after: { error: result.code, delta: p.delta },
      });
      return { ok: false, code: "BELOW_RESERVED", message: result.message, errors: { delta: result.message } };
    },
  };
}

export type CatalogConsole = ReturnType<typeof createCatalogConsole>;
