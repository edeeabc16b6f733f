import { eq } from "drizzle-orm";
import { z } from "zod";
import {
  isLinkCurrent,
  LINK_SPENT,
  linkCycleOf,
  MAIL_ACTION_WORDS,
  MAIL_ACTIONS,
  MAIL_DELAY_DAYS,
  mailActionInput,
  mailActionQuestion,
  mailLinkExpiry,
  type MailAction,
  type MailLinkCycle,
} from "../../../rules/autoship/mail-actions";
import { formatCycleDate } from "../../../rules/autoship/renewal-schedule";
import { subscriptionQuantitySchema, type SubscriptionActionInput } from "../../../rules/autoship/subscription-input";
import { addDays, isCalendarDay } from "../../../rules/shared/calendar-days";
import { signedToken } from "../../crypto/signed-token";
import type { Db } from "../../db/client";
import type { RateLimitService } from "../rate-limit";
import type { ActionResult } from "./commands";
import type { SubscriptionRow } from "./renewals";
import { subscriptions } from "./schema";
import type { SubscriptionViews } from "./views";

// The reminder mail's links (rules/autoship/mail-actions.ts): each names the subscription, the
// action and the cycle the mail was sent for, signed (server/crypto/signed-token.ts) under a purpose
// of its own, until the end of that delivery's day. The signature proves the shop made the link;
// that it works once, and only for that delivery, is checked against the subscription's row when
// its button is pressed (commands.ts).

const mailAction = signedToken(
  "autoship-mail-action",
  z.object({
    subscriptionId: z.uuid(),
    action: z.enum(MAIL_ACTIONS),
    cycleDate: z.string().refine(isCalendarDay),
    version: z.number().int(),
  }),
);

export type MailLink = MailLinkCycle & { subscriptionId: string; action: MailAction };

export async function mailActionToken(secret: string, link: MailLink): Promise<string> {
  return (await mailAction.sign(secret, link, mailLinkExpiry(link.cycleDate))).token;
}

type ReadMailLink = { ok: true; link: MailLink } | { ok: false; code: "INVALID" | "STALE"; message: string };
const NOT_VALID = "This link is not valid.";

/** What a token says, when the shop signed it; an expired one is past its delivery's day. */
async function readMailActionToken(secret: string, token: string | null | undefined, now: Date): Promise<ReadMailLink> {
  const read = await mailAction.read(secret, token, now);
  if (read.ok) return { ok: true, link: read.claims };
  return read.reason === "expired" ? { ok: false, code: "STALE", message: LINK_SPENT } : { ok: false, code: "INVALID", message: NOT_VALID };
}

const MAIL_ACTION_PATH = "/autoship/manage";

/** The four links of a subscription's reminder, for the cycle it is on now. */
export async function mailActionUrls(origin: string, secret: string, sub: Pick<SubscriptionRow, "id" | "nextOrderDate" | "updatedAt">) {
  const cycle = linkCycleOf(sub);
  const url = async (action: MailAction) => `${origin}${MAIL_ACTION_PATH}/${await mailActionToken(secret, { subscriptionId: sub.id, action, ...cycle })}`;
  const [skip, shipNow, delay, changeQuantity] = await Promise.all(MAIL_ACTIONS.map(url));
  return { skip, ship_now: shipNow, delay, change_quantity: changeQuantity } satisfies Record<MailAction, string>;
}

export type MailLinkPage =
  | { ok: true; action: MailAction; contractId: string; item: string; quantity: number; question: string; button: string }
  | { ok: false; code: "INVALID" | "STALE"; message: string };

export type MailLinkAnswer =
  | { ok: true; message: string }
  | { ok: false; code: "INVALID" | "STALE" | "NOT_ALLOWED" | "RATE_LIMITED" | "SHIP_NOW_FAILED" | "NOT_FOUND"; message: string }
  | { ok: false; code: "FIELD"; field: "quantity"; message: string };

export type MailLinkDeps = {
  db: Db;
  views: Pick<SubscriptionViews, "get">;
  actByLink: (link: MailLink, input: SubscriptionActionInput, origin?: string) => Promise<ActionResult>;
  rateLimit: Pick<RateLimitService, "take">;
};

/**
 * The confirmation page of a reminder's link: `read` says what the button would do (a GET: mail
 * scanners follow links, so looking changes nothing); `confirm` is the button's POST, counted
 * against the rate limit (per subscription and per client IP), then the owner's own command held
 * to the link's cycle under the subscription's lock.
 */
export function createMailLinks(deps: MailLinkDeps) {
  async function subscriptionOf(link: MailLink) {
    const [row] = await deps.db.select().from(subscriptions).where(eq(subscriptions.id, link.subscriptionId));
    return row ?? null;
  }

  async function read(secret: string, token: string, now: Date): Promise<MailLinkPage> {
    const read = await readMailActionToken(secret, token, now);
    if (!read.ok) return read;
    const { link } = read;
    const row = await subscriptionOf(link);
    if (!row) return { ok: false, code: "INVALID", message: NOT_VALID };
    if (!isLinkCurrent(row, link)) return { ok: false, code: "STALE", message: LINK_SPENT };
    const view = await deps.views.get(row.customerId, row.id);
    if (!view) return { ok: false, code: "INVALID", message: NOT_VALID };
    const date = formatCycleDate(link.cycleDate);
    return {
      ok: true,
      action: link.action,
      contractId: view.contractId,
      item: `${view.productTitle} (${view.variantTitle})`,
      quantity: view.quantity,
      question: mailActionQuestion(link.action, date, formatCycleDate(addDays(link.cycleDate, MAIL_DELAY_DAYS))),
      button: MAIL_ACTION_WORDS[link.action].button,
    };
  }

  async function confirm(
    secret: string,
    token: string,
    form: { quantity?: unknown },
    now: Date,
    ctx: { clientIp: string | null; origin?: string },
  ): Promise<MailLinkAnswer> {
    const read = await readMailActionToken(secret, token, now);
    const attempt = await deps.rateLimit.take("mail_link", read.ok ? `subscription:${read.link.subscriptionId}` : "mail-link:unreadable", ctx.clientIp);
    if (!attempt.ok) return { ok: false, code: "RATE_LIMITED", message: attempt.message };
    if (!read.ok) return read;
    const { link } = read;
    let quantity: number | null = null;
    if (link.action === "change_quantity") {
      const parsed = subscriptionQuantitySchema.safeParse(form.quantity);
      if (!parsed.success) return { ok: false, code: "FIELD", field: "quantity", message: parsed.error.issues[0].message };
      quantity = parsed.data;
    }
    const done = await deps.actByLink(link, mailActionInput(link.action, link.cycleDate, quantity)!, ctx.origin);
    if (done.ok)
      return { ok: true, message: link.action === "delay" ? `The delivery was moved to ${formatCycleDate(done.subscription.nextOrderDate)}.` : done.message };
    if (done.code === "INVALID" && done.field === "quantity") return { ok: false, code: "FIELD", field: "quantity", message: done.message };
    return { ok: false, code: done.code, message: done.message };
  }

  return { read, confirm };
}
