import type { Db } from "../db/client";

/**
 * The database as a read model sees it: queries that select, nothing that writes. Reads across
 * modules live in server/read-models/ (the one place outside a module that may name its tables,
 * scripts/lint/module-boundaries.js); the type keeps them reads.
 */
export type ReadDb = Pick<Db, "select" | "selectDistinct" | "$count">;
