import {
  abandonedCartKey,
  abandonedCartStepDue,
  abandonedCartWindow,
  winBackFor,
  type AbandonedCartStep,
  type AutomationSettings,
} from "../../rules/marketing/automations";
import type { Db } from "../db/client";
import type { Logger } from "../log";
import { cancellationsBetween, type Cancellation } from "../modules/autoship";
import { abandonedCarts, type AbandonedCart } from "../modules/cart";
import type { CatalogService } from "../modules/catalog";
import type { IdentityService } from "../modules/identity";
import type { BackInStockRequest, MarketingService } from "../modules/marketing";
import type { OrdersService } from "../modules/orders";

// The automatic mails that bring shoppers back (rules/marketing/automations.ts), one pass run by the
// renewal engine (server/jobs/autoship-runner.ts) in every shop process and worker. What it guarantees:
//
// 1. Stock, carts and cancellations are read where they live, through their modules' doors (the
//    catalogue's canFillAtZip, the cart's abandonedCarts, the autoship module's
//    cancellationsBetween): no writer of those tables is hooked, so every way stock comes back
//    (a console adjustment, a cancelled order's restock, a seed) is seen by the next pass.
// 2. Each mail is sent by the marketing module's claim (server/modules/marketing/automations.ts):
//    one per back-in-stock request, per cart and step, per cancellation, however many passes run
//    at once; and only to a confirmed, unpaused subscriber read just before the claim.
// 3. "Now" is the marketing module's clock (the test clock moves it in browser tests, never in a
//    normal production start: server/test-clock.ts).
// 4. A mail that fails is logged and not retried (its claim is spent): at most once.

export type AutomationDeps = {
  db: Db;
  services: {
    marketing: Pick<MarketingService, "automations">;
    catalog: Pick<CatalogService, "canFillAtZip" | "variantsForCart">;
    identity: Pick<IdentityService, "summary">;
    orders: Pick<OrdersService, "lastForCustomer">;
  };
  log?: Logger;
};

export type AutomationPassResult = { backInStock: number; abandonedCart: number; winBack: number };

/** Rows read at a time, and how many of each kind one pass looks at (the rest wait for the next pass). */
const PAGE = 200;
const PER_PASS = 2_000;

/**
 * Every row a paged read answers, page after page (each page after the last row of the one
 * before), until a short page, PER_PASS rows or a stop: rows that are not due never hold up newer ones.
 */
async function* pages<T>(read: (from: T | undefined) => Promise<T[]>, signal?: AbortSignal): AsyncGenerator<T[]> {
  let from: T | undefined;
  for (let seen = 0; seen < PER_PASS && !signal?.aborted;) {
    const page = await read(from);
    if (page.length > 0) yield page;
    if (page.length < PAGE) return;
    seen += page.length;
    from = page.at(-1);
  }
}

/** A win-back is sent within this many days of its due day, not for cancellations older than that. */
const WIN_BACK_GRACE_DAYS = 3;
const DAY_MS = 86_400_000;

export async function runMarketingAutomations(deps: AutomationDeps, opts: { signal?: AbortSignal } = {}): Promise<AutomationPassResult> {
  const automations = deps.services.marketing.automations;
  const now = automations.now();
  const settings = await automations.settings();
  const result: AutomationPassResult = { backInStock: 0, abandonedCart: 0, winBack: 0 };
  if (settings.backInStock.enabled) result.backInStock = await notifyBackInStock(deps, opts.signal);
  if (settings.abandonedCart.enabled && !opts.signal?.aborted) result.abandonedCart = await remindAbandonedCarts(deps, settings, now, opts.signal);
  if (settings.winBack.enabled && !opts.signal?.aborted) result.winBack = await winBackCancellations(deps, settings, now, opts.signal);
  return result;
}

/** One attempt, logged when it throws (guarantee 4). */
async function attempt(deps: AutomationDeps, what: string, ids: Record<string, unknown>, body: () => Promise<boolean>): Promise<number> {
  try {
    return (await body()) ? 1 : 0;
  } catch (err) {
    deps.log?.error({ err, ...ids }, `${what} mail not sent`);
    return 0;
  }
}

/** Requests of confirmed subscribers whose variant is back at the warehouse serving the ZIP they asked from. */
async function notifyBackInStock(deps: AutomationDeps, signal?: AbortSignal): Promise<number> {
  const { marketing, catalog } = deps.services;
  let sent = 0;
  for await (const waiting of pages<BackInStockRequest>((from) => marketing.automations.waitingBackInStock(PAGE, from), signal)) {
    const back = await catalog.canFillAtZip(waiting.map((r) => ({ variantId: r.variantId, quantity: 1, zip: r.zip })));
    for (const [i, request] of waiting.entries()) {
      if (!back[i] || signal?.aborted) continue;
      const variant = (await catalog.variantsForCart([request.variantId], request.site)).get(request.variantId);
      // A variant no longer sold on the site: the request waits (it may come back), unsent.
      if (!variant?.published) continue;
      const item = `${variant.product.title} ${variant.title}`.trim();
      sent += await attempt(deps, "back-in-stock", { requestId: request.id }, () =>
        marketing.automations.notifyBackInStock(request, {
          subject: `Back in stock: ${item}`,
          lines: [`${item} is back in stock for delivery to ${request.zip}. You asked us to tell you — this is the only mail about it.`],
          link: { label: "See it in the shop", path: `/products/${variant.variantURL}?sku=${encodeURIComponent(variant.sku)}` },
        }),
      );
    }
  }
  return sent;
}

/** Signed-in subscribers' non-empty carts left alone for the first or second step's time, once each. */
async function remindAbandonedCarts(deps: AutomationDeps, settings: AutomationSettings, now: Date, signal?: AbortSignal): Promise<number> {
  const window = abandonedCartWindow(now, settings.abandonedCart);
  let sent = 0;
  for await (const carts of pages<AbandonedCart>((from) => abandonedCarts(deps.db, { ...window, limit: PAGE, from }), signal))
    sent += await remindCarts(deps, carts, settings, now, signal);
  return sent;
}

async function remindCarts(deps: AutomationDeps, carts: AbandonedCart[], settings: AutomationSettings, now: Date, signal?: AbortSignal): Promise<number> {
  const { marketing, identity, orders } = deps.services;
  let sent = 0;
  for (const cart of carts) {
    if (signal?.aborted) break;
    const step = abandonedCartStepDue(cart.updatedAt, now, settings.abandonedCart);
    if (!step) continue;
    const customer = await identity.summary(cart.customerId);
    if (!customer || !(await marketing.automations.receivesReminders(cart.site, customer.email))) continue;
    // An order placed since the cart's last change (from this cart or another) ends the reminders.
    const last = await orders.lastForCustomer(cart.customerId);
    if (last && new Date(last.processedAt) >= cart.updatedAt) continue;
    sent += await attempt(deps, "abandoned-cart", { cartId: cart.cartId, step }, async () =>
      marketing.automations.sendOnce("abandoned_cart", abandonedCartKey(cart.cartId, step), cart.site, customer.email, await cartMail(deps, cart, step)),
    );
  }
  return sent;
}

async function cartMail(deps: AutomationDeps, cart: AbandonedCart, step: AbandonedCartStep) {
  const variants = await deps.services.catalog.variantsForCart(
    cart.lines.map((l) => l.variantId),
    cart.site,
  );
  const items = cart.lines.map((l) => {
    const v = variants.get(l.variantId);
    return `${l.quantity} × ${v ? `${v.product.title} ${v.title}`.trim() : "an item"}`;
  });
  return {
    subject: step === 1 ? "You left something in your cart" : "Your cart is still waiting",
    lines: [step === 1 ? "Your cart is saved with:" : "Still thinking it over? Your cart still holds:", items.join("\n")],
    link: { label: "Open my cart", path: "/cart" },
  };
}

/** Cancellations made afterDays ago (within a grace of a few days), except when a pet passed away; once per cancellation. */
async function winBackCancellations(deps: AutomationDeps, settings: AutomationSettings, now: Date, signal?: AbortSignal): Promise<number> {
  const { marketing } = deps.services;
  const before = new Date(now.getTime() - settings.winBack.afterDays * DAY_MS);
  const after = new Date(before.getTime() - WIN_BACK_GRACE_DAYS * DAY_MS);
  let sent = 0;
  for await (const cancellations of pages<Cancellation>((from) => cancellationsBetween(deps.db, { after, before, limit: PAGE, from }), signal)) {
    for (const c of cancellations) {
      if (signal?.aborted) break;
      if (!winBackFor(c.reason)) continue;
      sent += await attempt(deps, "win-back", { subscriptionId: c.subscriptionId }, () =>
        marketing.automations.sendOnce("win_back", String(c.eventId), c.site, c.email, {
          subject: "We miss you — come back to Autoship",
          lines: ["Your Autoship ended a while ago. Whenever you are ready, start a new one: every delivery saves you 5%, and you choose when it comes."],
          link: { label: "Start an Autoship", path: "/autoship" },
        }),
      );
    }
  }
  return sent;
}
