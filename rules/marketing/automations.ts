import { z } from "zod";
import type { SubscriberState, Topic } from "./subscriber";

// The automatic mails that bring shoppers back (README "E-mail marketing"): back-in-stock,
// abandoned cart (two steps) and Autoship win-back. Each is marketing: it goes only to a confirmed,
// unpaused subscriber (mayReceive), with the footer and headers of marketing-mail.ts. The settings
// are the console's (owner, manager); when none were saved, DEFAULT_AUTOMATION_SETTINGS.

export const AUTOMATION_KINDS = ["back_in_stock", "abandoned_cart", "win_back"] as const;
export type AutomationKind = (typeof AUTOMATION_KINDS)[number];

export type AutomationSettings = {
  backInStock: { enabled: boolean };
  abandonedCart: { enabled: boolean; firstAfterMinutes: number; secondAfterHours: number };
  winBack: { enabled: boolean; afterDays: number };
};

/** On by default: each mail still needs a confirmed subscriber (and back-in-stock their own request). */
export const DEFAULT_AUTOMATION_SETTINGS: AutomationSettings = {
  backInStock: { enabled: true },
  abandonedCart: { enabled: true, firstAfterMinutes: 60, secondAfterHours: 24 },
  winBack: { enabled: true, afterDays: 30 },
};

const onOff = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());
const whole = (field: string, min: number, max: number) =>
  z.coerce.number(`Enter the ${field} as a number`).int(`Enter the ${field} as a whole number`).min(min, `At least ${min}`).max(max, `At most ${max}`);

/** The console's settings form (flat field names) and the stored settings, checked alike. */
export const automationSettingsForm = z
  .object({
    backInStockEnabled: onOff,
    abandonedCartEnabled: onOff,
    firstAfterMinutes: whole("first reminder's delay", 15, 24 * 60),
    secondAfterHours: whole("second reminder's delay", 2, 7 * 24),
    winBackEnabled: onOff,
    afterDays: whole("win-back delay", 1, 365),
  })
  .refine((f) => f.secondAfterHours * 60 > f.firstAfterMinutes, { path: ["secondAfterHours"], message: "The second reminder comes after the first" })
  .transform((f): AutomationSettings => ({
    backInStock: { enabled: f.backInStockEnabled },
    abandonedCart: { enabled: f.abandonedCartEnabled, firstAfterMinutes: f.firstAfterMinutes, secondAfterHours: f.secondAfterHours },
    winBack: { enabled: f.winBackEnabled, afterDays: f.afterDays },
  }));

/** Stored settings as the form would give them (a row written by an older version is read with today's defaults for what it lacks). */
export function readAutomationSettings(stored: unknown): AutomationSettings {
  const s = (stored ?? {}) as Partial<AutomationSettings>;
  return {
    backInStock: { ...DEFAULT_AUTOMATION_SETTINGS.backInStock, ...s.backInStock },
    abandonedCart: { ...DEFAULT_AUTOMATION_SETTINGS.abandonedCart, ...s.abandonedCart },
    winBack: { ...DEFAULT_AUTOMATION_SETTINGS.winBack, ...s.winBack },
  };
}

/**
 * Whether a subscriber receives an automatic mail now: confirmed and not paused; a topic, when the
 * mail has one, among theirs. Back-in-stock has none: the person asked for that very mail.
 */
export function mayReceive(s: { state: SubscriberState; topics: readonly string[]; pausedUntil: Date | null } | null, topic: Topic | null, now: Date): boolean {
  if (!s || s.state !== "subscribed") return false;
  if (s.pausedUntil !== null && s.pausedUntil > now) return false;
  return topic === null || s.topics.includes(topic);
}

/** The topic an abandoned-cart or win-back mail is filed under (a subscriber who took offers off gets neither). */
export const REMINDER_TOPIC: Topic = "offers";

export type AbandonedCartStep = 1 | 2;

/** A cart untouched longer than this is not mailed about at all (switching the mails on does not reach old carts). */
export const ABANDONED_CART_MAX_AGE_HOURS = 72;

/**
 * Which reminder a non-empty cart last changed at `updatedAt` is due for at `now`: the first from
 * firstAfterMinutes until the second's time, the second from secondAfterHours until
 * ABANDONED_CART_MAX_AGE_HOURS; null before, after, or when switched off. A missed first step is
 * not sent late alongside the second.
 */
export function abandonedCartStepDue(updatedAt: Date, now: Date, s: AutomationSettings["abandonedCart"]): AbandonedCartStep | null {
  if (!s.enabled) return null;
  const ageMinutes = (now.getTime() - updatedAt.getTime()) / 60_000;
  if (ageMinutes >= s.secondAfterHours * 60) return ageMinutes < ABANDONED_CART_MAX_AGE_HOURS * 60 ? 2 : null;
  return ageMinutes >= s.firstAfterMinutes ? 1 : null;
}

/** The window of last changes a pass looks at for each step (the cart read's bounds). */
export function abandonedCartWindow(now: Date, s: AutomationSettings["abandonedCart"]): { updatedAfter: Date; updatedBefore: Date } {
  return {
    updatedAfter: new Date(now.getTime() - ABANDONED_CART_MAX_AGE_HOURS * 3_600_000),
    updatedBefore: new Date(now.getTime() - s.firstAfterMinutes * 60_000),
  };
}

/** The once-only key of an abandoned-cart mail: one per cart and step, whatever happens to the cart after. */
export const abandonedCartKey = (cartId: string, step: AbandonedCartStep) => `${cartId}:${step}`;

/** Win-back goes to customers who left for a reason an offer may answer: never after a pet's death, nor to an erased account. */
export const winBackFor = (cancelReason: string | null) => cancelReason !== "pet_passed_away" && cancelReason !== "account_erased";
