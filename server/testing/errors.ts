import type { Db } from "../db/client";
import { errorReports } from "../modules/errors/schema";

// The error reports as stored, for tests of what the reporter keeps and what it leaves out.

export const storedErrorReports = (db: Db) => db.select().from(errorReports);

export async function forgetErrorReports(db: Db): Promise<void> {
  await db.delete(errorReports);
}
