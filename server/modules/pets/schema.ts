import { sql } from "drizzle-orm";
import { date, index, pgTable, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { BreedSize, Sensitivity, Species } from "../../../rules/pets/profile-and-life-stage";
import { customers } from "../identity/schema";

/** The pets a customer keeps in My Account (rules/pets/profile-and-life-stage.ts). */
export const pets = pgTable(
  "pets",
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    name: text().notNull(),
    species: text().$type<Species>().notNull(),
    /** Dogs only: their life stages follow it. */
    breedSize: text().$type<BreedSize>(),
    birthday: date({ mode: "string" }),
    weightLb: real(),
    sensitivities: text()
      .array()
      .$type<Sensitivity[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("pets_customer_idx").on(t.customerId, t.createdAt)],
);
