import { and, asc, eq, inArray, notExists, sql } from "drizzle-orm";
import { frequencyOfSellingPlan } from "../../../rules/autoship/offer-and-frequency";
import { lineCap, normaliseQuantity, planLineAdds } from "../../../rules/cart/quantity-limits";
import { allowedDiscountCodes, normaliseCodes, type DiscountRule } from "../../../rules/cart/pricing";
import type { SiteId } from "../../../rules/shared/site";
import { weightAttributes, WEIGHT_ATTRIBUTE, WEIGHT_UNIT_ATTRIBUTE } from "../../../rules/shared/weight";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { answerOrCommit } from "../../db/transaction";
import type { CartVariant } from "../catalog";
import type { Logger } from "../../log";
import { cartLines, carts, discountCodes, type BuyerIdentity, type CartAttribute } from "./schema";
import { buildCartView, type CartRecord, type CartView, type LineRecord } from "./view";
import { isUuid } from "../../../rules/shared/ids";
import { cartWeightLb, checkQuota, quotaCartWarningMessage, type QuotaState } from "../../../rules/staff/monthly-allowance";

// The cart of SPEC §3/§4: every write holds the cart's row lock while it writes — a transaction
// that takes it first (mutate), or for an add one statement that takes it and writes only when the
// cart is as it was read (addLinesAtOnce, else the add runs under mutate) — so concurrent adds and
// updates of one cart apply one after another and never lose an update or pass a cap (ARCHITECTURE §5).
//
// Two doors, one set of rules:
// - `shopper(customerId)` is what the shopper's edges use — the /cart page (loader, action, header
//   count) and the cart API alike. It applies the owner check (a guest cart is anyone's who holds
//   its id, a customer's cart only its customer's; someone else's is "no cart"), under the row lock
//   for writes; a customer's new cart is theirs from creation and recorded as their saved cart
//   (SPEC §4 persisted_cart_id), cleared again when the cart is emptied; at most
//   MAX_CARTS_PER_CUSTOMER active carts per customer, and a bounded number of new guest carts per
//   client address (ports.guestCartAllowed).
// - the plain methods are for trusted server code (checkout hand-off, sign-in merge, renewals).
// Either way a cart is priced for one customer — the shopper asking, else the cart's owner — so
// first-Autoship codes like AUTO35 get the same answer on every path (the checkout's answer).

export type LineInput = {
  merchandiseId: string;
  quantity: number;
  attributes?: CartAttribute[];
  sellingPlanId?: string | null;
};
export type LineUpdate = { id: string; quantity: number; sellingPlanId?: string | null; attributes?: CartAttribute[] };

export type CartWarning = { code: "LINE_CAPPED" | "QUOTA_EXCEEDED"; message: string; merchandiseId?: string; lineId?: string };
export type CartFailureCode = "CART_NOT_FOUND" | "LINE_NOT_FOUND" | "VARIANT_NOT_FOUND" | "SELLING_PLAN_INVALID" | "TOO_MANY_CARTS";
export type CartFailure = { ok: false; code: CartFailureCode; message: string; field?: string };
export type CartResult = { ok: true; cart: CartView; warnings: CartWarning[] } | CartFailure;

type CatalogForCart = {
  variantsForCart(ids: readonly number[], site: SiteId, db?: Db): Promise<Map<number, CartVariant>>;
  /** The same kept per process until the catalogue or stock changes (catalog/cart-variant-cache.ts): reads outside a transaction only. */
  keptCartVariants?(ids: readonly number[], site: SiteId): Promise<Map<number, CartVariant>>;
};
type VariantLookup = (ids: readonly number[], site: SiteId) => Promise<Map<number, CartVariant>>;

/** What the cart needs from other modules, wired in server/wiring/. */
export type CartPorts = {
  /** Where the cart's SPEC §8 log lines go (a cart that could not be created). */
  log?: Pick<Logger, "warn">;
  /** Whether the customer already has (or is paying for) an Autoship order: first-Autoship codes. */
  autoshipHistory?: (customerId: string, conn: Db) => Promise<boolean>;
  /** On the staff site, whether the customer pays program prices (registered and eligible, SPEC §5); guests never do. */
  programPricing?: (customerId: string, conn: Db) => Promise<boolean>;
  /** On the staff site, the member's monthly allowance as it stands (null when they may not buy): the cart's quota warning. */
  staffQuota?: (customerId: string) => Promise<QuotaState | null>;
  /** The customer's saved-cart pointer (SPEC §3 metafield profeeding.persisted_cart_id). */
  savedCart?: {
    get(customerId: string): Promise<string | null>;
    set(customerId: string, cartId: string): Promise<void>;
    clear(customerId: string): Promise<void>;
  };
  /** Whether this client (its address) may start another guest cart (RATE_LIMITS.guest_cart); unset: no limit. */
  guestCartAllowed?: (clientIp: string | null) => Promise<{ ok: true } | { ok: false; minutes: number }>;
};

/** Active carts one customer may hold; empty ones are pruned first, then a new one is refused. */
export const MAX_CARTS_PER_CUSTOMER = 10;

/** The one owner check: a guest cart (no owner) is anyone's who holds its id; a customer's only theirs. */
export const mayUseCart = (owner: string | null, customerId: string | null) => owner === null || owner === customerId;

const fail = (code: CartFailureCode, message: string, field?: string): CartFailure => ({ ok: false, code, message, field });

type CartRow = typeof carts.$inferSelect;
/** A line as read; `seq` orders them. */
type StoredLine = LineRecord & { seq: number };
// The statements every cart call runs (lock, lines, cart with lines) are written as SQL text with
// their column lists built once: the query builder's select of a dozen columns cost a few hundred
// microseconds of CPU per call to build — more than PostgreSQL spends running it.
const cartColumns = (t: string) =>
  sql.raw(
    [
      `${t}.id`,
      `${t}.site`,
      `${t}.status`,
      `${t}.customer_id as "customerId"`,
      `${t}.buyer_email as "buyerEmail"`,
      `${t}.buyer_phone as "buyerPhone"`,
      `${t}.buyer_country_code as "buyerCountryCode"`,
      `${t}.note`,
      `${t}.attributes`,
      `${t}.discount_codes as "discountCodes"`,
      `${t}.created_at as "createdAt"`,
      `${t}.updated_at as "updatedAt"`,
    ].join(", "),
  );
const CART_COLUMNS = cartColumns("carts");
const LINE_COLUMNS = sql.raw(`id, variant_id as "variantId", quantity, selling_plan_id as "sellingPlanId", attributes, seq`);
const JOINED_LINE_COLUMNS = sql.raw(
  `cart_lines.id as "lineId", cart_lines.variant_id as "lineVariantId", cart_lines.quantity as "lineQuantity", ` +
    `cart_lines.selling_plan_id as "lineSellingPlanId", cart_lines.attributes as "lineAttributes", cart_lines.seq as "lineSeq"`,
);
type RawCart = Omit<CartRow, "createdAt" | "updatedAt"> & { createdAt: string | Date; updatedAt: string | Date };
/** Timestamps arrive as text from node-postgres (drizzle's parsers) and as dates from PGlite. */
const cartOf = (r: RawCart): CartRow => ({ ...r, createdAt: new Date(r.createdAt), updatedAt: new Date(r.updatedAt) });
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** A cart's columns with one of its lines' (null when it has none), as a left join answers them. */
type JoinedRow = RawCart & {
  lineId: string | null;
  lineVariantId: number;
  lineQuantity: number;
  lineSellingPlanId: string | null;
  lineAttributes: CartAttribute[];
  lineSeq: number;
};
function splitJoined(first: JoinedRow, rows: readonly JoinedRow[]): { cart: CartRow; lines: StoredLine[] } {
  const { lineId: _i, lineVariantId: _v, lineQuantity: _q, lineSellingPlanId: _p, lineAttributes: _a, lineSeq: _s, ...cart } = first;
  const lines = rows.flatMap((r) =>
    r.lineId === null
      ? []
      : [
          {
            id: r.lineId,
            variantId: r.lineVariantId,
            quantity: r.lineQuantity,
            sellingPlanId: r.lineSellingPlanId,
            attributes: r.lineAttributes,
            seq: r.lineSeq,
          },
        ],
  );
  return { cart: cartOf(cart), lines };
}

/** A change's outcome: its warnings, the cart's lines after it when it knows them, and variants it fetched. */
type Changed = { warnings: CartWarning[]; lines?: StoredLine[]; variants?: ReadonlyMap<number, CartVariant> };

/** "gid://shop/ProductVariant/123" or "123" → 123. */
export function parseMerchandiseId(id: string): number | null {
  const m = /^(?:gid:\/\/shop\/ProductVariant\/)?(\d{1,9})$/.exec(id.trim());
  return m ? Number(m[1]) : null;
}

function capMessage(autoship: boolean, cap: number): string {
  return autoship ? `Autoship items are limited to ${cap} per item in an order.` : `You can order at most ${cap} of one item in an order.`;
}

/** The line's own attributes with the hidden weight attributes of SPEC §5 always set. */
function lineAttributes(given: readonly CartAttribute[] | undefined, variant: CartVariant): CartAttribute[] {
  const own = (given ?? []).filter((a) => a.key !== WEIGHT_ATTRIBUTE && a.key !== WEIGHT_UNIT_ATTRIBUTE);
  return [...own, ...weightAttributes(variant.weight, variant.weightUnit)];
}

export function createCartService(db: Db, config: Config, catalog: CatalogForCart, clock: () => Date = () => new Date(), ports: CartPorts = {}) {
  /** Variants as `conn` sees them: what a transaction reads (checkout's above all). */
  const exact =
    (conn: Db): VariantLookup =>
    (ids, site) =>
      catalog.variantsForCart(ids, site, conn);
  /** Variants for the shopper's reads outside a transaction: the catalogue's per-process copy. */
  const kept: VariantLookup = (ids, site) => (catalog.keptCartVariants ? catalog.keptCartVariants(ids, site) : catalog.variantsForCart(ids, site, db));
  /** The cart's lines in the order they were added. */
  async function linesOf(conn: Db, cartId: string): Promise<StoredLine[]> {
    return rowsOf<StoredLine>(await conn.execute(sql`select ${LINE_COLUMNS} from ${cartLines} where cart_id = ${cartId} order by seq`));
  }

  /**
   * A cart and its lines in one statement (a read: writers take the row lock first, see mutate), with
   * the cart row's version (its xmin: every update of the row makes a new one) for addLinesAtOnce.
   */
  async function readCart(conn: Db, cartId: string): Promise<{ cart: CartRow; lines: StoredLine[]; version: string } | null> {
    const rows = rowsOf<JoinedRow & { version: string }>(
      await conn.execute(sql`
        select ${CART_COLUMNS}, carts.xmin::text as "version", ${JOINED_LINE_COLUMNS}
        from ${carts} left join ${cartLines} on cart_lines.cart_id = carts.id
        where carts.id = ${cartId}
        order by cart_lines.seq`),
    );
    if (!rows.length) return null;
    const { version, ...first } = rows[0];
    return { ...splitJoined(first, rows), version };
  }

  /**
   * The priced view of a cart already read. `pricedFor`: the customer the cart is priced for;
   * undefined → the cart's owner. `known`: variants the caller already fetched for this site (only
   * the lines' other variants are looked up).
   */
  async function priceView(
    conn: Db,
    cart: CartRow,
    lines: readonly StoredLine[],
    pricedFor?: string | null,
    known?: ReadonlyMap<number, CartVariant>,
    lookup: VariantLookup = exact(conn),
  ): Promise<CartView> {
    const customerId = pricedFor === undefined ? cart.customerId : (pricedFor ?? cart.customerId);
    // Unknown for a guest (null): the checkout asks a guest with Autoship to sign in first.
    const customerHasSubscription = customerId && ports.autoshipHistory ? await ports.autoshipHistory(customerId, conn) : null;
    const missing = [...new Set(lines.map((l) => l.variantId))].filter((id) => !known?.has(id));
    const [fetched, rules, programPrices] = await Promise.all([
      missing.length ? lookup(missing, cart.site) : new Map<number, CartVariant>(),
      cart.discountCodes.length ? conn.select().from(discountCodes).where(inArray(discountCodes.code, cart.discountCodes)) : [],
      cart.site === "hpsf" && customerId && ports.programPricing ? ports.programPricing(customerId, conn) : false,
    ]);
    const variants = known ? new Map([...known, ...fetched]) : fetched;
    // Program prices are charged only to a registered, eligible staff member; anyone else pays shop prices.
    const variantMap = programPrices ? variants : new Map([...variants].map(([id, v]) => [id, { ...v, programPriceCents: null }]));
    return buildCartView(cart as CartRecord, lines, variantMap, rules as DiscountRule[], {
      now: clock(),
      freeShippingThresholdCents: config.freeShippingThresholdCents,
      customerHasSubscription,
    });
  }

  /** `pricedFor`: the customer the cart is priced for; undefined → the cart's owner. */
  async function readView(conn: Db, cartId: string, pricedFor?: string | null): Promise<CartView | null> {
    const found = await readCart(conn, cartId);
    // A checked-out cart became an order: to the shopper it is gone (the cookie naming it is cleared).
    if (!found || found.cart.status !== "active") return null;
    return priceView(conn, found.cart, found.lines, pricedFor);
  }

  /**
   * Runs `change` with the cart locked; nothing is written when it fails. `actor` (the shopper's
   * customer id, null for a guest) applies the owner check under the lock; undefined = trusted caller.
   * The lock is the UPDATE that touches the cart (and sets `set`, for changes of the cart's own
   * fields): it takes the row lock as SELECT … FOR UPDATE would and returns the row, and a refused
   * change rolls it back. The lines are read once the lock is held and handed to `change`, which
   * answers the lines after it (else they are read again) and any variants it fetched.
   */
  async function mutate(
    cartId: string,
    site: SiteId,
    change: (tx: Db, locked: { cart: CartRow; lines: StoredLine[] }) => Promise<CartFailure | Changed>,
    actor?: string | null,
    set: Partial<typeof carts.$inferInsert> = {},
  ): Promise<CartResult> {
    if (!isUuid(cartId)) return fail("CART_NOT_FOUND", "No cart with this id.", "cartId");
    return answerOrCommit<CartResult, CartFailure>(db, async (tx, rollback) => {
      const [locked] = Object.keys(set).length
        ? await tx
            .update(carts)
            .set({ ...set, updatedAt: sql`now()` })
            .where(and(eq(carts.id, cartId), eq(carts.site, site), eq(carts.status, "active")))
            .returning()
        : rowsOf<RawCart>(
            await tx.execute(sql`
              update ${carts} set updated_at = now()
              where id = ${cartId} and site = ${site} and status = 'active'
              returning ${CART_COLUMNS}`),
          ).map(cartOf);
      if (!locked || (actor !== undefined && !mayUseCart(locked.customerId, actor))) return rollback(fail("CART_NOT_FOUND", "No cart with this id.", "cartId"));
      const outcome = await change(tx, { cart: locked, lines: await linesOf(tx, cartId) });
      if ("ok" in outcome) return rollback(outcome);
      const cart = await priceView(tx, locked, outcome.lines ?? (await linesOf(tx, cartId)), actor, outcome.variants);
      return { ok: true as const, cart, warnings: outcome.warnings };
    });
  }

  /**
   * Validates variants and selling plans of new lines; returns them resolved, or the failure.
   * `alsoIds`: variants fetched in the same look-up for the view (the cart's other lines).
   */
  async function resolveInputs(tx: Db, site: SiteId, inputs: readonly LineInput[], alsoIds: readonly number[] = [], lookup: VariantLookup = exact(tx)) {
    const ids: number[] = [];
    for (const [i, input] of inputs.entries()) {
      const id = parseMerchandiseId(input.merchandiseId);
      if (id === null) return fail("VARIANT_NOT_FOUND", "Unknown product variant.", `lineItems.${i}.merchandiseId`);
      ids.push(id);
      if (input.sellingPlanId != null) {
        if (frequencyOfSellingPlan(input.sellingPlanId) === null)
          return fail("SELLING_PLAN_INVALID", "Unknown autoship frequency.", `lineItems.${i}.sellingPlanId`);
      }
    }
    const variants = await lookup([...new Set([...ids, ...alsoIds])], site);
    // An unpublished product is not sold: a new line for it is refused like an unknown one.
    const missing = ids.findIndex((id) => !variants.get(id)?.published);
    if (missing >= 0) return fail("VARIANT_NOT_FOUND", "Unknown product variant.", `lineItems.${missing}.merchandiseId`);
    return { resolved: inputs.map((input, i) => ({ input, variant: variants.get(ids[i])! })), variants };
  }

  /** What an add writes (one row per line, caps applied by rules/cart/quantity-limits) and the warnings it answers. */
  function planAdd(cartId: string, resolved: readonly { input: LineInput; variant: CartVariant }[], existing: readonly StoredLine[]) {
    const plan = planLineAdds(
      existing,
      resolved.map((r) => ({ ...r, variantId: r.variant.id, sellingPlanId: r.input.sellingPlanId ?? null, quantity: r.input.quantity })),
    );
    const warnings: CartWarning[] = plan.capped.map((i) => {
      const { input } = resolved[i];
      const autoship = (input.sellingPlanId ?? null) !== null;
      return { code: "LINE_CAPPED", merchandiseId: input.merchandiseId, message: capMessage(autoship, lineCap(autoship)) };
    });
    const rows = plan.writes.map(
      ({ input: { input, variant, sellingPlanId }, quantity }) =>
        sql`(${cartId}::uuid, ${variant.id}::int, ${quantity}::int, ${sellingPlanId}::text, ${JSON.stringify(lineAttributes(input.attributes, variant))}::jsonb)`,
    );
    return { warnings, rows };
  }

  // The cap is applied again in SQL: the row lock already serialises writers, this keeps the
  // invariant even for a writer that forgot to take it.
  const UPSERT_CLAUSE = sql`
    on conflict (cart_id, variant_id, coalesce(selling_plan_id, ''))
    do update set quantity = least(cart_lines.quantity + excluded.quantity,
                                   case when excluded.selling_plan_id is null then ${lineCap(false)}::int else ${lineCap(true)}::int end),
                  attributes = excluded.attributes
    returning ${LINE_COLUMNS}`;

  /** The lines after an add: those read, with the rows the add wrote in their place or after them. */
  function afterAdd(existing: readonly StoredLine[], written: readonly StoredLine[]): StoredLine[] {
    const lines = new Map(existing.map((l) => [l.id, l]));
    for (const row of written) lines.set(row.id, row);
    return [...lines.values()].sort((a, b) => a.seq - b.seq);
  }

  /**
   * Adds resolved lines to a locked cart whose lines are `existing`, in one statement; answers the
   * warnings and the cart's lines after the add.
   */
  async function addResolved(
    tx: Db,
    cartId: string,
    resolved: readonly { input: LineInput; variant: CartVariant }[],
    existing: readonly StoredLine[],
  ): Promise<{ warnings: CartWarning[]; lines: StoredLine[] }> {
    const { warnings, rows } = planAdd(cartId, resolved, existing);
    if (!rows.length) return { warnings, lines: [...existing] };
    const written = rowsOf<StoredLine>(
      await tx.execute(
        sql`insert into ${cartLines} (cart_id, variant_id, quantity, selling_plan_id, attributes) values ${sql.join(rows, sql`, `)} ${UPSERT_CLAUSE}`,
      ),
    );
    return { warnings, lines: afterAdd(existing, written) };
  }

  /** A new cart, owned by `customerId` from the start when given (bounded per customer). */
  async function create(site: SiteId, buyerIdentity: Partial<BuyerIdentity>, lines: readonly LineInput[], customerId: string | null): Promise<CartResult> {
    return answerOrCommit<CartResult, CartFailure>(db, async (tx, rollback) => {
      const resolved = await resolveInputs(tx, site, lines);
      if ("ok" in resolved) return rollback(resolved);
      if (customerId) {
        // Serialises one customer's cart creations, so the bound holds under concurrent requests.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`carts-of:${customerId}`}, 0))`);
        // Old empty carts make room first (an emptied cart's row stays until then).
        await tx.delete(carts).where(
          and(
            eq(carts.customerId, customerId),
            eq(carts.status, "active"),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(cartLines)
                .where(eq(cartLines.cartId, carts.id)),
            ),
          ),
        );
        const [{ count }] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(carts)
          .where(and(eq(carts.customerId, customerId), eq(carts.status, "active")));
        if (count >= MAX_CARTS_PER_CUSTOMER)
          return rollback(fail("TOO_MANY_CARTS", `You already have ${count} carts; use one of them or empty one first.`, "cartId"));
      }
      const [cart] = await tx
        .insert(carts)
        .values({
          site,
          customerId,
          buyerEmail: buyerIdentity.email ?? null,
          buyerPhone: buyerIdentity.phone ?? null,
          buyerCountryCode: buyerIdentity.countryCode ?? null,
        })
        .returning();
      const added = await addResolved(tx, cart.id, resolved.resolved, []);
      return { ok: true as const, cart: await priceView(tx, cart, added.lines, undefined, resolved.variants), warnings: added.warnings };
    });
  }

  /** The saved-cart pointer: recorded for a customer's live cart, cleared once that cart is emptied or checked out. */
  async function rememberCart(customerId: string, cartId: string) {
    if (ports.savedCart && (await ports.savedCart.get(customerId)) !== cartId) await ports.savedCart.set(customerId, cartId);
  }
  async function forgetCart(customerId: string, cartId?: string) {
    if (!ports.savedCart) return;
    const saved = await ports.savedCart.get(customerId);
    if (saved !== null && (cartId === undefined || saved === cartId)) await ports.savedCart.clear(customerId);
  }

  /** After a shopper's change: an emptied customer cart is no longer their saved cart (SPEC §4). */
  async function settlePointer(result: CartResult, customerId: string | null): Promise<CartResult> {
    if (result.ok && customerId && result.cart.totalQuantity < 1) await forgetCart(customerId, result.cart.id);
    return result;
  }

  async function ownerOf(cartId: string, site: SiteId): Promise<string | null | undefined> {
    if (!isUuid(cartId)) return undefined;
    const [row] = await db
      .select({ customerId: carts.customerId })
      .from(carts)
      .where(and(eq(carts.id, cartId), eq(carts.site, site), eq(carts.status, "active")));
    return row ? row.customerId : undefined;
  }

  /**
   * An add as one statement, without a transaction (the common case, and the busiest call): the cart
   * and its lines are read with the cart row's version (xmin), the add is planned from them, and one
   * statement touches the cart — taking its row lock as mutate's UPDATE does — only while its version
   * is still the one read, and writes the lines only then. Every writer of a cart's lines updates the
   * cart row in the same transaction (mutate, create, the sign-in merge, checkout), so an unchanged
   * version means unchanged lines, even when the statement had to wait for another writer's lock
   * (it then sees that writer's new row version and matches nothing). Answers null when the cart
   * changed since the read: the caller then adds under the lock (mutate), as before.
   */
  async function addLinesAtOnce(cartId: string, site: SiteId, inputs: readonly LineInput[], actor?: string | null): Promise<CartResult | null> {
    if (!isUuid(cartId)) return fail("CART_NOT_FOUND", "No cart with this id.", "cartId");
    const found = await readCart(db, cartId);
    if (!found || found.cart.site !== site || found.cart.status !== "active" || (actor !== undefined && !mayUseCart(found.cart.customerId, actor)))
      return fail("CART_NOT_FOUND", "No cart with this id.", "cartId");
    const resolved = await resolveInputs(
      db,
      site,
      inputs,
      found.lines.map((l) => l.variantId),
      kept,
    );
    if ("ok" in resolved) return resolved;
    const { warnings, rows } = planAdd(cartId, resolved.resolved, found.lines);
    const written = rowsOf<JoinedRow>(
      await db.execute(sql`
        with locked as (
          update ${carts} set updated_at = now()
          where id = ${cartId} and site = ${site} and status = 'active' and xmin::text = ${found.version}
          returning ${CART_COLUMNS}
        ), written as (
          ${
            rows.length
              ? sql`insert into ${cartLines} (cart_id, variant_id, quantity, selling_plan_id, attributes)
                    select * from (values ${sql.join(rows, sql`, `)}) v where exists (select 1 from locked) ${UPSERT_CLAUSE}`
              : sql`select ${LINE_COLUMNS} from ${cartLines} where false`
          }
        )
        select locked.*, written.id as "lineId", written."variantId" as "lineVariantId", written.quantity as "lineQuantity",
               written."sellingPlanId" as "lineSellingPlanId", written.attributes as "lineAttributes", written.seq as "lineSeq"
        from locked left join written on true`),
    );
    if (!written.length) return null;
    const after = splitJoined(written[0], written);
    return { ok: true, cart: await priceView(db, after.cart, afterAdd(found.lines, after.lines), actor, resolved.variants), warnings };
  }

  /** One look-up for the new lines' variants and the cart's own (the view prices them all), one write. */
  const addLinesLocked = (cartId: string, site: SiteId, lines: readonly LineInput[], actor?: string | null) =>
    mutate(
      cartId,
      site,
      async (tx, locked) => {
        const found = await resolveInputs(
          tx,
          site,
          lines,
          locked.lines.map((l) => l.variantId),
        );
        if ("ok" in found) return found;
        return { ...(await addResolved(tx, cartId, found.resolved, locked.lines)), variants: found.variants };
      },
      actor,
    );

  const addLines = async (cartId: string, site: SiteId, lines: readonly LineInput[], actor?: string | null) =>
    (await addLinesAtOnce(cartId, site, lines, actor)) ?? addLinesLocked(cartId, site, lines, actor);

  const removeLines = (cartId: string, site: SiteId, lineIds: readonly string[], actor?: string | null) =>
    mutate(
      cartId,
      site,
      async (tx, locked) => {
        const ids = new Set(lineIds);
        if (![...ids].every((id) => locked.lines.some((l) => l.id === id))) return fail("LINE_NOT_FOUND", "No such line in this cart.", "lineItemIds");
        await tx.delete(cartLines).where(and(eq(cartLines.cartId, cartId), inArray(cartLines.id, [...ids])));
        return { warnings: [], lines: locked.lines.filter((l) => !ids.has(l.id)) };
      },
      actor,
    );

  /** Quantity 0 removes a line (SPEC §4 "Remove sets the line quantity to 0"); above the cap it is capped. */
  const updateLines = (cartId: string, site: SiteId, updates: readonly LineUpdate[], actor?: string | null) =>
    mutate(
      cartId,
      site,
      async (tx, locked) => {
        const ids = updates.map((u) => u.id);
        if (!ids.every((id) => isUuid(id)) || new Set(ids).size !== ids.length) return fail("LINE_NOT_FOUND", "No such line in this cart.", "lineItems");
        const rows = locked.lines.filter((l) => ids.includes(l.id));
        if (rows.length !== ids.length) return fail("LINE_NOT_FOUND", "No such line in this cart.", "lineItems");
        // Every line's variant, not only the updated ones': the view prices them all.
        const variants = await catalog.variantsForCart([...new Set(locked.lines.map((l) => l.variantId))], site, tx);
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
                    and(eq(cartLines.cartId, cartId), eq(cartLines.variantId, row.variantId), sql`coalesce(${cartLines.sellingPlanId}, '') = ${plan ?? ""}`),
                  );
          if (twin) {
            // Switching purchase kind onto an existing line of the same item merges the two.
            await tx.delete(cartLines).where(eq(cartLines.id, row.id));
            await tx
              .update(cartLines)
              .set({ quantity: Math.min(twin.quantity + quantity, cap) })
              .where(eq(cartLines.id, twin.id));
          } else {
            await tx.update(cartLines).set({ quantity, sellingPlanId: plan, attributes }).where(eq(cartLines.id, row.id));
          }
        }
        // Merges and removals reshape the lines: the view reads them again.
        return { warnings, variants };
      },
      actor,
    );

  /** A change of the cart's own fields: written by the locking UPDATE itself; the lines stay as they are. */
  const setCart = (cartId: string, site: SiteId, set: Partial<typeof carts.$inferInsert>, actor?: string | null) =>
    mutate(cartId, site, async (_tx, locked) => ({ warnings: [], lines: locked.lines }), actor, set);

  const updateAttributes = (cartId: string, site: SiteId, attributes: CartAttribute[], actor?: string | null) => setCart(cartId, site, { attributes }, actor);

  const updateBuyerIdentity = (cartId: string, site: SiteId, identity: Partial<BuyerIdentity>, actor?: string | null) => {
    const set: Partial<typeof carts.$inferInsert> = {};
    if (identity.email !== undefined) set.buyerEmail = identity.email;
    if (identity.phone !== undefined) set.buyerPhone = identity.phone;
    if (identity.countryCode !== undefined) set.buyerCountryCode = identity.countryCode;
    return setCart(cartId, site, set, actor);
  };

  const updateDiscountCodes = (cartId: string, site: SiteId, codes: readonly string[], actor?: string | null) =>
    setCart(cartId, site, { discountCodes: normaliseCodes(codes) }, actor);

  const updateNote = (cartId: string, site: SiteId, note: string, actor?: string | null) => setCart(cartId, site, { note }, actor);

  /**
   * Staff site: a cart heavier than the month's allowance leaves is kept, with a warning, on every
   * surface (the page and the API); the checkout refuses it (place-order).
   */
  async function withQuotaWarning(result: CartResult, customerId: string | null): Promise<CartResult> {
    if (!result.ok || result.cart.site !== "hpsf" || !customerId || !ports.staffQuota) return result;
    const quota = await ports.staffQuota(customerId);
    const fits = quota ? checkQuota(quota, cartWeightLb(result.cart.lineItems)) : { ok: true as const };
    if (!quota || fits.ok) return result;
    return { ...result, warnings: [...result.warnings, { code: "QUOTA_EXCEEDED", message: quotaCartWarningMessage(quota, fits.overLb) }] };
  }

  return {
    /**
     * The priced cart as checkout sees it, inside the caller's transaction (server/workflows/place-order.ts),
     * priced for the customer checking out (else the cart's owner).
     */
    checkoutView: (conn: Db, cartId: string, customerId: string | null) => readView(conn, cartId, customerId),

    /** The cart's owner: a customer id, null for a guest cart, undefined when there is no such cart. */
    ownerOf,

    rememberCart,
    /** Clears the customer's saved-cart pointer when it names `cartId` (any cart when omitted). */
    forgetCart,
    savedCartId: (customerId: string) => ports.savedCart?.get(customerId) ?? Promise.resolve(null),

    /** The shopper's door (page, header count and API): the owner check on every call, see the top of this file. */
    shopper(customerId: string | null, clientIp: string | null = null) {
      const me = customerId;
      return {
        /** Whether this shopper may use the cart (it exists, is active, and is theirs or a guest cart). */
        async mayUse(cartId: string, site: SiteId): Promise<boolean> {
          const owner = await ownerOf(cartId, site);
          return owner !== undefined && mayUseCart(owner, me);
        },
        async getCart(cartId: string, site: SiteId): Promise<CartView | null> {
          if (!isUuid(cartId)) return null;
          // One read for the owner check and the view.
          const found = await readCart(db, cartId);
          if (!found || found.cart.site !== site || found.cart.status !== "active" || !mayUseCart(found.cart.customerId, me)) return null;
          return priceView(db, found.cart, found.lines, me, undefined, kept);
        },
        /**
         * The header's count: the units in the shopper's active cart, counted, not priced (every page
         * shows it; only the cart page needs prices). 0 for an unknown, checked-out or someone else's cart.
         */
        async countItems(cartId: string, site: SiteId): Promise<number> {
          if (!isUuid(cartId)) return 0;
          // The owner and the count in one statement.
          const [row] = await db
            .select({ owner: carts.customerId, n: sql<number>`coalesce(sum(${cartLines.quantity}), 0)::int` })
            .from(carts)
            .leftJoin(cartLines, eq(cartLines.cartId, carts.id))
            .where(and(eq(carts.id, cartId), eq(carts.site, site), eq(carts.status, "active")))
            .groupBy(carts.id);
          if (!row || !mayUseCart(row.owner, me)) return 0;
          return Number(row.n);
        },
        async createCart(site: SiteId, buyerIdentity: Partial<BuyerIdentity>, lines: readonly LineInput[]): Promise<CartResult> {
          // A customer's carts are bounded by the customer; a guest's by the client's address.
          if (!me && ports.guestCartAllowed) {
            const allowed = await ports.guestCartAllowed(clientIp);
            if (!allowed.ok)
              return fail(
                "TOO_MANY_CARTS",
                `Too many new carts from your network; try again in ${allowed.minutes} minute${allowed.minutes === 1 ? "" : "s"}.`,
                "cartId",
              );
          }
          const created = await create(site, buyerIdentity, lines, me);
          // SPEC §8: a cart that could not be created is logged (the caller answers the failure).
          if (!created.ok) ports.log?.warn({ code: created.code, site }, "Error creating cart (Check if variant ID is valid)");
          if (created.ok && me) {
            if (created.cart.totalQuantity > 0) await rememberCart(me, created.cart.id);
            return withQuotaWarning({ ...created, cart: (await readView(db, created.cart.id, me)) ?? created.cart }, me);
          }
          return created;
        },
        addLines: async (cartId: string, site: SiteId, lines: readonly LineInput[]) => {
          const result = await addLines(cartId, site, lines, me);
          // A customer's cart that has items again is their saved cart again.
          if (result.ok && me && result.cart.totalQuantity > 0) await rememberCart(me, result.cart.id);
          return withQuotaWarning(result, me);
        },
        removeLines: async (cartId: string, site: SiteId, lineIds: readonly string[]) => settlePointer(await removeLines(cartId, site, lineIds, me), me),
        updateLines: async (cartId: string, site: SiteId, updates: readonly LineUpdate[]) =>
          withQuotaWarning(await settlePointer(await updateLines(cartId, site, updates, me), me), me),
        updateAttributes: (cartId: string, site: SiteId, attributes: CartAttribute[]) => updateAttributes(cartId, site, attributes, me),
        updateBuyerIdentity: (cartId: string, site: SiteId, identity: Partial<BuyerIdentity>) => updateBuyerIdentity(cartId, site, identity, me),
        // One code plus the first-Autoship code (README "Discount codes"): a newer code replaces the older.
        updateDiscountCodes: (cartId: string, site: SiteId, codes: readonly string[]) => updateDiscountCodes(cartId, site, allowedDiscountCodes(codes), me),
        updateNote: (cartId: string, site: SiteId, note: string) => updateNote(cartId, site, note, me),
      };
    },

    /** Gives a guest cart (or the customer's own) to the customer; null when it is someone else's or gone. */
    async claimCart(cartId: string, site: SiteId, customerId: string): Promise<CartView | null> {
      if (!isUuid(cartId)) return null;
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
      if (!isUuid(guestCartId) || !isUuid(customerCartId) || guestCartId === customerCartId) return fail("CART_NOT_FOUND", "No cart with this id.", "cartId");
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
          const lines = await tx.select().from(cartLines).where(eq(cartLines.cartId, guest.id)).orderBy(asc(cartLines.seq));
          const variantMap = await catalog.variantsForCart([...new Set(lines.map((l) => l.variantId))], site, tx);
          const resolved = lines
            .filter((l) => variantMap.has(l.variantId))
            .map((l) => ({
              input: { merchandiseId: String(l.variantId), quantity: l.quantity, sellingPlanId: l.sellingPlanId, attributes: l.attributes },
              variant: variantMap.get(l.variantId)!,
            }));
          warnings = (await addResolved(tx, target.id, resolved, await linesOf(tx, target.id))).warnings;
          await tx.delete(carts).where(eq(carts.id, guest.id));
        }
        await tx
          .update(carts)
          .set({ customerId, updatedAt: sql`now()` })
          .where(eq(carts.id, target.id));
        return { ok: true as const, cart: (await readView(tx, target.id))!, warnings };
      });
    },

    /** Trusted read, priced for the cart's owner. Shoppers' edges use shopper(customerId).getCart. */
    getCart: async (cartId: string, site: SiteId): Promise<CartView | null> => {
      if (!isUuid(cartId)) return null;
      const view = await readView(db, cartId);
      return view && view.site === site ? view : null;
    },

    /** Deletes a cart and its lines (one a workflow made and no longer needs); true when it existed. */
    async discardCart(cartId: string): Promise<boolean> {
      const gone = await db.delete(carts).where(eq(carts.id, cartId)).returning({ id: carts.id });
      return gone.length > 0;
    },

    /** SPEC §4: a cart is created on the first add, with the buyer identity given (empty for a guest). */
    createCart: (site: SiteId, buyerIdentity: Partial<BuyerIdentity>, lines: readonly LineInput[]) => create(site, buyerIdentity, lines, null),

    addLines,
    removeLines,
    updateLines,
    updateAttributes,
    updateBuyerIdentity,
    updateDiscountCodes,
    updateNote,
  };
}

export type CartService = ReturnType<typeof createCartService>;
