import { z } from "zod";
import { MAX_ITEMS_PER_ORDER } from "../cart/quantity-limits";
import { MAX_ORDINARY_QUANTITY, MIN_QUANTITY } from "../cart/quantity-input";
import { fieldErrors } from "../shared/zod-errors";

// A one-time item on the next Autoship delivery: ordered once with that renewal (its own price, no
// Autoship discount), removable until the renewal is placed. The delivery is one order, so the
// cart's limits (SPEC §5) hold for the whole of it: at most 10 of an ordinary line, at most 10
// items in all.

import { ADD_ONE_TIME, REMOVE_ONE_TIME } from "./one-time-intents";

export { ADD_ONE_TIME, REMOVE_ONE_TIME };

const quantity = z.coerce
  .number({ error: "Enter a quantity" })
  .int("Enter a whole number")
  .min(MIN_QUANTITY, `At least ${MIN_QUANTITY}`)
  .max(MAX_ORDINARY_QUANTITY, `At most ${MAX_ORDINARY_QUANTITY}`);
const variantId = z.coerce.number({ error: "Choose an item" }).int("Choose an item").positive("Choose an item");

const addSchema = z.object({
  variantId,
  quantity,
  // From My Autoships a subscription is named; from a product page the customer's next delivery is meant.
  subscriptionId: z.preprocess((v) => (v === "" ? undefined : v), z.string().uuid("Choose an Autoship").optional()),
});
const removeSchema = z.object({ itemId: z.string({ error: "Choose an item" }).uuid("Choose an item") });

export type OneTimeAdd = z.infer<typeof addSchema>;

export function parseOneTimeAdd(raw: Record<string, unknown>): { ok: true; input: OneTimeAdd } | { ok: false; errors: Record<string, string> } {
  const r = addSchema.safeParse(raw);
  return r.success ? { ok: true, input: r.data } : { ok: false, errors: fieldErrors(r.error) };
}

export function parseOneTimeRemove(raw: Record<string, unknown>): { ok: true; itemId: string } | { ok: false; errors: Record<string, string> } {
  const r = removeSchema.safeParse(raw);
  return r.success ? { ok: true, itemId: r.data.itemId } : { ok: false, errors: fieldErrors(r.error) };
}

/**
 * Why `adding` more of an item cannot join a delivery of `deliveryItems` items in all that already
 * holds `sameItem` of it; null when it can.
 */
export function oneTimeAddRefusal(p: { deliveryItems: number; sameItem: number; adding: number }): string | null {
  if (p.sameItem + p.adding > MAX_ORDINARY_QUANTITY) return `At most ${MAX_ORDINARY_QUANTITY} of one item per delivery.`;
  if (p.deliveryItems + p.adding > MAX_ITEMS_PER_ORDER)
    return `A delivery holds at most ${MAX_ITEMS_PER_ORDER} items; this one has ${p.deliveryItems} already.`;
  return null;
}

const ONE_TIME_DONE: Record<typeof ADD_ONE_TIME | typeof REMOVE_ONE_TIME, string> = {
  [ADD_ONE_TIME]: "The item was added to your next delivery.",
  [REMOVE_ONE_TIME]: "The item was removed from your next delivery.",
};

export function oneTimeNotice(done: string | null): string | null {
  return done === ADD_ONE_TIME || done === REMOVE_ONE_TIME ? ONE_TIME_DONE[done] : null;
}
