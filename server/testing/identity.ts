import type { Db } from "../db/client";
import { staffProfiles } from "../modules/identity/schema";

/** How many staff profiles exist, for tests that check a refused call made none. */
export const staffProfileCount = (db: Db) => db.$count(staffProfiles);
