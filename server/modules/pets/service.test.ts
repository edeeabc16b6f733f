import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PETS, petProfileSchema } from "../../../rules/pets/profile-and-life-stage";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../db/test-database";
import { aStoredCustomer } from "../../testing/identity";
import { createPetsService, erasePets } from "./service";

// Pet profiles against a real database: scoped to their customer, capped per customer (also when
// adds race), and gone with the customer's erasure.

let database: Database;
let pets: ReturnType<typeof createPetsService>;
let ann: string;
let bob: string;
const profile = (name: string) =>
  petProfileSchema(new Date("2026-11-28T00:00:00Z")).parse({ name, species: "dog", breedSize: "medium", birthday: "2026-03-01", weightLb: "18" });

beforeAll(async () => {
  database = await openTestDatabase();
  pets = createPetsService(database.db);
  ann = await aStoredCustomer(database.db, "ann.pets@example.test");
  bob = await aStoredCustomer(database.db, "bob.pets@example.test");
});
afterAll(() => database.close());

describe("pets", () => {
  it("keeps a customer's pets in the order they were added, and changes or deletes only the customer's own", async () => {
    const biscuit = await pets.add(ann, profile("Biscuit"));
    const pepper = await pets.add(ann, profile("Pepper"));
    if (!biscuit.ok || !pepper.ok) throw new Error("not added");
    expect((await pets.list(ann)).map((p) => p.name)).toEqual(["Biscuit", "Pepper"]);
    expect(biscuit.pet).toMatchObject({ species: "dog", breedSize: "medium", birthday: "2026-03-01", weightLb: 18, sensitivities: [] });

    // Bob can neither see, change nor delete Ann's pet.
    expect(await pets.get(bob, biscuit.pet.id)).toBeNull();
    expect(await pets.update(bob, biscuit.pet.id, profile("Stolen"))).toBe(false);
    expect(await pets.remove(bob, biscuit.pet.id)).toBe(false);
    expect(await pets.get(ann, "not-a-uuid")).toBeNull();

    expect(await pets.update(ann, biscuit.pet.id, { ...profile("Biscuit"), sensitivities: ["chicken"] })).toBe(true);
    expect((await pets.get(ann, biscuit.pet.id))?.sensitivities).toEqual(["chicken"]);
    expect(await pets.remove(ann, pepper.pet.id)).toBe(true);
    expect((await pets.list(ann)).map((p) => p.name)).toEqual(["Biscuit"]);
  });

  it(`keeps at most ${MAX_PETS} pets per customer, also when many are added at once`, async () => {
    const results = await Promise.all(Array.from({ length: MAX_PETS + 4 }, (_, i) => pets.add(bob, profile(`Pup ${i}`))));
    expect(results.filter((r) => r.ok)).toHaveLength(MAX_PETS);
    expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, code: "TOO_MANY", field: "form" });
    expect(await pets.list(bob)).toHaveLength(MAX_PETS);
  });

  it("erases a customer's pets with their account", async () => {
    expect(await erasePets(database.db, bob)).toBe(MAX_PETS);
    expect(await pets.list(bob)).toEqual([]);
    expect(await pets.list(ann)).toHaveLength(1);
  });
});
