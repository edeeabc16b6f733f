import type { Db } from "../db/client";
import { authAttempts } from "../modules/rate-limit/schema";

/** Every counted attempt gone, so a test starts under every limit. */
export async function forgetAttempts(db: Db): Promise<void> {
  await db.delete(authAttempts);
}
