import { describe, expect, it } from "vitest";
import { fieldErrors } from "../shared/zod-errors";
import { abandonedCartStepDue, automationSettingsForm, DEFAULT_AUTOMATION_SETTINGS, mayReceive, readAutomationSettings, winBackFor } from "./automations";

const now = new Date("2026-11-29T12:00:00Z");
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
const cart = DEFAULT_AUTOMATION_SETTINGS.abandonedCart;

describe("the automatic mails' rules", () => {
  it("an abandoned cart is due for the first reminder from 1 h, the second from 24 h, none after 72 h or when off", () => {
    expect(abandonedCartStepDue(minutesAgo(59), now, cart)).toBeNull();
    expect(abandonedCartStepDue(minutesAgo(60), now, cart)).toBe(1);
    expect(abandonedCartStepDue(minutesAgo(24 * 60 - 1), now, cart)).toBe(1);
    expect(abandonedCartStepDue(minutesAgo(24 * 60), now, cart)).toBe(2);
    expect(abandonedCartStepDue(minutesAgo(72 * 60), now, cart)).toBeNull();
    expect(abandonedCartStepDue(minutesAgo(120), now, { ...cart, enabled: false })).toBeNull();
  });

  it("only a confirmed, unpaused subscriber receives them; reminders need the offers topic", () => {
    const s = { state: "subscribed" as const, topics: ["offers"], pausedUntil: null };
    expect(mayReceive(s, "offers", now)).toBe(true);
    expect(mayReceive({ ...s, topics: ["new_products"] }, "offers", now)).toBe(false);
    expect(mayReceive({ ...s, topics: [] }, null, now)).toBe(true);
    expect(mayReceive({ ...s, pausedUntil: minutesAgo(-1) }, null, now)).toBe(false);
    expect(mayReceive({ ...s, pausedUntil: minutesAgo(1) }, null, now)).toBe(true);
    for (const state of ["pending", "unsubscribed", "suppressed"] as const) expect(mayReceive({ ...s, state }, null, now)).toBe(false);
    expect(mayReceive(null, null, now)).toBe(false);
  });

  it("win-back is never sent after a pet passed away, nor to an erased account", () => {
    expect(winBackFor("too_expensive")).toBe(true);
    expect(winBackFor(null)).toBe(true);
    expect(winBackFor("pet_passed_away")).toBe(false);
    expect(winBackFor("account_erased")).toBe(false);
  });

  it("the console's form: switches and delays, each bad field named", () => {
    const form = { backInStockEnabled: "on", abandonedCartEnabled: "on", firstAfterMinutes: "90", secondAfterHours: "48", afterDays: "21" };
    expect(automationSettingsForm.parse(form)).toEqual({
      backInStock: { enabled: true },
      abandonedCart: { enabled: true, firstAfterMinutes: 90, secondAfterHours: 48 },
      winBack: { enabled: false, afterDays: 21 },
    });
    const bad = automationSettingsForm.safeParse({ ...form, firstAfterMinutes: "5", afterDays: "x" });
    expect(fieldErrors(bad.error!)).toMatchObject({ firstAfterMinutes: "At least 15", afterDays: "Enter the win-back delay as a number" });
    const backwards = automationSettingsForm.safeParse({ ...form, firstAfterMinutes: "180", secondAfterHours: "2" });
    expect(fieldErrors(backwards.error!)).toEqual({ secondAfterHours: "The second reminder comes after the first" });
  });

  it("stored settings missing a part read it from the defaults", () => {
    expect(readAutomationSettings(undefined)).toEqual(DEFAULT_AUTOMATION_SETTINGS);
    expect(readAutomationSettings({ winBack: { enabled: false } })).toEqual({ ...DEFAULT_AUTOMATION_SETTINGS, winBack: { enabled: false, afterDays: 30 } });
  });
});
