import { and, asc, count, eq, inArray } from "drizzle-orm";
import { MAX_PETS, type PetProfileInput } from "../../../rules/pets/profile-and-life-stage";
import { isUuid } from "../../../rules/shared/ids";
import type { Db } from "../../db/client";
import { lockCustomer } from "../identity";
import { pets } from "./schema";

// A customer's pet profiles (My Account on both sites). Every read and write is scoped to the
// customer: another customer's pet is "not found", never shown or changed.

export type Pet = typeof pets.$inferSelect;

export type AddPetResult = { ok: true; pet: Pet } | { ok: false; code: "TOO_MANY"; field: "form"; message: string };

export function createPetsService(db: Db, options: { clock?: () => Date } = {}) {
  const clock = options.clock ?? (() => new Date());
  const mine = (customerId: string, id: string) => and(eq(pets.customerId, customerId), eq(pets.id, id));
  return {
    list: (customerId: string): Promise<Pet[]> => db.select().from(pets).where(eq(pets.customerId, customerId)).orderBy(asc(pets.createdAt), asc(pets.id)),

    async get(customerId: string, id: string): Promise<Pet | null> {
      if (!isUuid(id)) return null;
      const [pet] = await db.select().from(pets).where(mine(customerId, id));
      return pet ?? null;
    },

    /** At most MAX_PETS per customer: counted under the customer row's lock, so two adds at once cannot pass it. */
    add(customerId: string, input: PetProfileInput): Promise<AddPetResult> {
      return db.transaction(async (tx) => {
        await lockCustomer(tx, customerId);
        const [{ n }] = await tx.select({ n: count() }).from(pets).where(eq(pets.customerId, customerId));
        if (n >= MAX_PETS) return { ok: false as const, code: "TOO_MANY" as const, field: "form" as const, message: `You can keep up to ${MAX_PETS} pets.` };
        const now = clock();
        const [pet] = await tx
          .insert(pets)
          .values({ customerId, ...input, createdAt: now, updatedAt: now })
          .returning();
        return { ok: true as const, pet };
      });
    },

    /** False when the customer has no such pet. */
    async update(customerId: string, id: string, input: PetProfileInput): Promise<boolean> {
      if (!isUuid(id)) return false;
      const updated = await db
        .update(pets)
        .set({ ...input, updatedAt: clock() })
        .where(mine(customerId, id))
        .returning({ id: pets.id });
      return updated.length === 1;
    },

    /** False when the customer has no such pet. */
    async remove(customerId: string, id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      return (await db.delete(pets).where(mine(customerId, id)).returning({ id: pets.id })).length === 1;
    },
  };
}

export type PetsService = ReturnType<typeof createPetsService>;

/** A customer's erasure (server/workflows/erase-customer.ts, in its transaction): their pets go. */
export async function erasePets(tx: Db, customerId: string): Promise<number> {
  return (await tx.delete(pets).where(eq(pets.customerId, customerId)).returning({ id: pets.id })).length;
}

/**
 * The kept pets of these (customer, pet) pairs, each only when it is that customer's: the renewal
 * engine's life-stage check reads the pets its subscriptions feed, for many customers at once.
 */
export async function petsOfOwners(db: Db, pairs: readonly { customerId: string; petId: string }[]): Promise<Pet[]> {
  if (pairs.length === 0) return [];
  const rows = await db
    .select()
    .from(pets)
    .where(inArray(pets.id, [...new Set(pairs.map((p) => p.petId))]));
  return rows.filter((pet) => pairs.some((p) => p.petId === pet.id && p.customerId === pet.customerId));
}

/** The console's count: pets kept in My Pets, and how many of them have a birthday (their life stage is known). */
export async function petCounts(db: Db): Promise<{ pets: number; withBirthday: number }> {
  const [row] = await db.select({ pets: count(), withBirthday: count(pets.birthday) }).from(pets);
  return { pets: row?.pets ?? 0, withBirthday: row?.withBirthday ?? 0 };
}
