import { and, eq, sql } from "drizzle-orm";
import type { ExtraInput } from "../../../rules/autoship/extras-input";
import { isUuid } from "../../../rules/shared/ids";
import type { Db } from "../../db/client";
import { substituteRefusal, type SubstituteCandidate } from "../../../rules/autoship/substitute";
import type { CatalogService } from "../catalog";
import { subscriptionEvents, subscriptions } from "./schema";
import { EXCLUDED_PRODUCT_TYPE } from "../../../rules/catalog/product-types";
import { feedingPetOf } from "../../../rules/pets/profile-and-life-stage";
import type { PetProfile } from "../../../rules/autoship/feeding-calculator";
import type { Clock } from "../../clock";
import type { PetsService } from "../pets";

// The customer's settings of a subscription beyond its lifecycle (My Autoships): the pet it feeds
// (the run-out date), the price guard's threshold and the chosen substitute. Each one: the owner's row under its lock, the change, a history entry.

export type ExtraResult = { ok: true; message: string } | { ok: false; code: "NOT_FOUND" | "INVALID"; field: string; message: string };

const DONE: Record<Settings["intent"], string> = {
  set_pet: "Your pet's details were saved.",
  link_pet: "Your pet was linked: its details fill in the run-out date.",
  clear_pet: "Your pet's details were removed.",
  set_price_guard: "Your price guard was saved.",
  set_substitute: "Your substitute was saved.",
  clear_substitute: "Your substitute was removed.",
};

type Settings = Exclude<ExtraInput, { intent: "accept_price" | "skip_price" }>;

export function createSubscriptionExtras(deps: {
  db: Db;
  catalog: Pick<CatalogService, "variantsOfProducts" | "variantBySku">;
  pets: Pick<PetsService, "get">;
  clock: Clock;
}) {
  const { db } = deps;

  /** The catalogue's answer about a substitute, asked before the row lock (its answer does not depend on the row). */
  async function candidate(input: Extract<Settings, { intent: "set_substitute" }>): Promise<SubstituteCandidate> {
    const sku = input.substituteSku ?? (await deps.catalog.variantsOfProducts([], [input.substituteVariantId!]))[0]?.sku;
    const v = sku ? await deps.catalog.variantBySku(sku) : null;
    return v ? { id: v.id, sites: v.sites, shippable: v.productType !== EXCLUDED_PRODUCT_TYPE } : null;
  }

  async function act(customerId: string, subscriptionId: string, input: Settings): Promise<ExtraResult> {
    if (!isUuid(subscriptionId)) return { ok: false, code: "NOT_FOUND", field: "subscriptionId", message: "No such subscription." };
    const substitute = input.intent === "set_substitute" ? await candidate(input) : null;
    // The kept pet is the pets module's: asked before the lock (only the owner's own is found).
    const kept = input.intent === "link_pet" ? await deps.pets.get(customerId, input.petId) : null;
    if (input.intent === "link_pet" && !kept) return { ok: false, code: "INVALID", field: "petId", message: "Choose one of your pets." };
    const linked = kept ? feedingPetOf(kept, deps.clock()) : null;
    if (kept && !linked)
      return { ok: false, code: "INVALID", field: "petId", message: `Add ${kept.name}'s weight in My Pets first: the run-out date needs it.` };
    return db.transaction(async (tx) => {
      const [s] = await tx
        .select({ id: subscriptions.id, site: subscriptions.site, variantId: subscriptions.variantId })
        .from(subscriptions)
        .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.customerId, customerId)))
        .for("update");
      if (!s) return { ok: false as const, code: "NOT_FOUND" as const, field: "subscriptionId", message: "No such subscription." };
      if (input.intent === "set_substitute" || input.intent === "clear_substitute") {
        const field = input.intent === "set_substitute" && input.substituteSku !== undefined ? "substituteSku" : "substituteVariantId";
        const refused = input.intent === "set_substitute" ? substituteRefusal(substitute, s) : null;
        if (refused) return { ok: false as const, code: "INVALID" as const, field, message: refused };
        const variantId = input.intent === "set_substitute" ? substitute!.id : null;
        await tx
          .update(subscriptions)
          .set({ substituteVariantId: variantId, updatedAt: sql`now()` })
          .where(eq(subscriptions.id, s.id));
        await tx.insert(subscriptionEvents).values({ subscriptionId: s.id, kind: "substitute_changed", actor: "customer", detail: { variantId } });
        return { ok: true as const, message: DONE[input.intent] };
      }
      if (input.intent === "set_price_guard") {
        await tx
          .update(subscriptions)
          .set({ priceGuardPercent: input.priceGuardPercent, updatedAt: sql`now()` })
          .where(eq(subscriptions.id, s.id));
        await tx
          .insert(subscriptionEvents)
          .values({ subscriptionId: s.id, kind: "price_guard_changed", actor: "customer", detail: { percent: input.priceGuardPercent } });
        return { ok: true as const, message: DONE[input.intent] };
      }
      // A pet typed in here is this subscription's own; a linked one is the kept pet's profile today.
      const pet = input.intent === "set_pet" ? input.pet : linked ? (linked as PetProfile) : null;
      await tx
        .update(subscriptions)
        // A newly linked pet is looked at by the next life-stage check, not tomorrow's.
        .set({ petProfile: pet, petId: kept?.id ?? null, lifeStageCheckedOn: null, updatedAt: sql`now()` })
        .where(eq(subscriptions.id, s.id));
      await tx.insert(subscriptionEvents).values({
        subscriptionId: s.id,
        kind: "pet_profile_changed",
        actor: "customer",
        detail: pet ? { ...pet, ...(kept ? { petId: kept.id, name: kept.name } : {}) } : { removed: true },
      });
      return { ok: true as const, message: DONE[input.intent] };
    });
  }

  return { act };
}
