import { and, eq, sql } from "drizzle-orm";
import type { ExtraInput } from "../../../rules/autoship-extras-input";
import { isUuid } from "../../../rules/ids";
import type { Db } from "../../db/client";
import { subscriptionEvents, subscriptions } from "./schema";

// The customer's settings of a subscription beyond its lifecycle (My Autoships): the pet it feeds
// (the run-out date) and the price guard's threshold. Each one: the owner's row under its lock, the change, a history entry.

export type ExtraResult = { ok: true; message: string } | { ok: false; code: "NOT_FOUND" | "INVALID"; field: string; message: string };

const DONE: Record<Settings["intent"], string> = {
  set_pet: "Your pet's details were saved.",
  clear_pet: "Your pet's details were removed.",
  set_price_guard: "Your price guard was saved.",
};

type Settings = Exclude<ExtraInput, { intent: "accept_price" | "skip_price" }>;

export function createSubscriptionExtras(deps: { db: Db }) {
  const { db } = deps;

  async function act(customerId: string, subscriptionId: string, input: Settings): Promise<ExtraResult> {
    if (!isUuid(subscriptionId)) return { ok: false, code: "NOT_FOUND", field: "subscriptionId", message: "No such subscription." };
    return db.transaction(async (tx) => {
      const [s] = await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.customerId, customerId)))
        .for("update");
      if (!s) return { ok: false as const, code: "NOT_FOUND" as const, field: "subscriptionId", message: "No such subscription." };
      if (input.intent === "set_price_guard") {
        await tx.update(subscriptions).set({ priceGuardPercent: input.priceGuardPercent, updatedAt: sql`now()` }).where(eq(subscriptions.id, s.id));
        await tx.insert(subscriptionEvents).values({ subscriptionId: s.id, kind: "price_guard_changed", actor: "customer", detail: { percent: input.priceGuardPercent } });
        return { ok: true as const, message: DONE[input.intent] };
      }
      const pet = input.intent === "set_pet" ? input.pet : null;
      await tx.update(subscriptions).set({ petProfile: pet, updatedAt: sql`now()` }).where(eq(subscriptions.id, s.id));
      await tx.insert(subscriptionEvents).values({ subscriptionId: s.id, kind: "pet_profile_changed", actor: "customer", detail: pet ? { ...pet } : { removed: true } });
      return { ok: true as const, message: DONE[input.intent] };
    });
  }

  return { act };
}
