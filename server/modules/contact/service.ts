import type { ContactInput } from "../../../rules/account/forms";
import type { SiteId } from "../../../rules/shared/site";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { RateLimitService } from "../rate-limit";
import { contactMessages } from "./schema";

// The contact messages of SPEC §2/§7: stored, at most RATE_LIMITS.contact per sender address and
// per client IP. Mailing them is the contact workflow's (server/workflows/contact.ts).

export function createContactService(db: Db, rateLimit: RateLimitService, options: { clock?: () => Date } = {}) {
  const clock = options.clock ?? (() => new Date());
  return {
    async save(
      site: SiteId,
      customerId: string | null,
      input: ContactInput,
      ip: string | null,
    ): Promise<{ ok: true; id: string } | { ok: false; code: "RATE_LIMITED"; message: string; field: string }> {
      const attempt = await rateLimit.take("contact", `email:${input.email.toLowerCase()}`, ip);
      if (!attempt.ok) return { ok: false, code: "RATE_LIMITED", message: attempt.message, field: "form" };
      const [row] = await db
        .insert(contactMessages)
        .values({ site, customerId, ...input, createdAt: clock() })
        .returning({ id: contactMessages.id });
      return { ok: true, id: row.id };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;

/** A customer's erasure (server/workflows/erase-customer.ts, in its transaction): the messages they sent go. */
export async function eraseContactMessages(tx: Db, customerId: string): Promise<number> {
  return (await tx.delete(contactMessages).where(eq(contactMessages.customerId, customerId)).returning({ id: contactMessages.id })).length;
}
