import { addDays, startOfDay } from "../shared/calendar-days";
import type { SubscriptionActionInput } from "./subscription-input";
import type { SubscriptionStatus } from "./subscription-states";

// The reminder mail's signed links (server/modules/autoship/mail-links.ts): skip this delivery,
// deliver now, delay one week, change the quantity — without signing in. A link names its
// subscription, its action and the cycle the mail was sent for: the subscription's next order date
// and its last change (updated_at) at mail time. It works while the subscription is still exactly
// so; any change — this link's own, another of the mail's links, a change in My Autoships, the
// delivery placed — moves one of the two, so each link works once and only until that delivery.

export const MAIL_ACTIONS = ["skip", "ship_now", "delay", "change_quantity"] as const;
export type MailAction = (typeof MAIL_ACTIONS)[number];

/** How far "delay" moves the delivery. */
export const MAIL_DELAY_DAYS = 7;

/** The cycle a link was made for. `version`: the subscription's updated_at in epoch milliseconds. */
export type MailLinkCycle = { cycleDate: string; version: number };

/** What a link is checked against (the subscription's row, read under its lock when it acts). */
export type LinkedSubscription = { status: SubscriptionStatus; nextOrderDate: string; updatedAt: Date };

export const LINK_SPENT = "This link has already been used or the delivery has been placed.";

/** The cycle a reminder's links are made for: the subscription as it is when the mail goes out. */
export function linkCycleOf(s: Pick<LinkedSubscription, "nextOrderDate" | "updatedAt">): MailLinkCycle {
  return { cycleDate: s.nextOrderDate, version: s.updatedAt.getTime() };
}

/** A link expires at the end of its delivery's day (midnight UTC after it): by then it was placed or moved. */
export function mailLinkExpiry(cycleDate: string): Date {
  return startOfDay(addDays(cycleDate, 1));
}

/** Whether the subscription still waits for the link's delivery, unchanged since the mail. */
export function isLinkCurrent(s: LinkedSubscription, link: MailLinkCycle): boolean {
  return s.status === "active" && s.nextOrderDate === link.cycleDate && s.updatedAt.getTime() === link.version;
}

/** The customer's command a link's button runs (the same rules as in My Autoships). */
export function mailActionInput(action: MailAction, cycleDate: string, quantity: number | null): SubscriptionActionInput | null {
  switch (action) {
    case "skip":
      return { intent: "skip" };
    case "ship_now":
      return { intent: "ship_now" };
    case "delay":
      return { intent: "change_date", nextOrderDate: addDays(cycleDate, MAIL_DELAY_DAYS) };
    case "change_quantity":
      return quantity === null ? null : { intent: "change_quantity", quantity };
  }
}

/** The words of each link: in the mail and on the confirmation page's one button. */
export const MAIL_ACTION_WORDS: Record<MailAction, { link: string; button: string }> = {
  skip: { link: "Skip this delivery", button: "Skip this delivery" },
  ship_now: { link: "Deliver now", button: "Place my order now" },
  delay: { link: "Delay one week", button: "Delay one week" },
  change_quantity: { link: "Change the quantity", button: "Save quantity" },
};

/** The confirmation page's question; `date` and `later` as the customer reads them. */
export function mailActionQuestion(action: MailAction, date: string, later: string): string {
  switch (action) {
    case "skip":
      return `Skip the delivery planned for ${date}?`;
    case "ship_now":
      return `Place the order planned for ${date} now?`;
    case "delay":
      return `Move the delivery planned for ${date} one week later, to ${later}?`;
    case "change_quantity":
      return `How many should the delivery planned for ${date} bring?`;
  }
}
