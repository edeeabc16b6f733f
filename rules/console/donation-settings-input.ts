import { z } from "zod";
import { causeKindOf } from "../donations/provider";
import { isStorable } from "../donations/api-input";
import { fieldErrors } from "../shared/zod-errors";

// The console's Donations forms, read from the request: the store configuration, a cause's
// settings, a customer segment, and the causes list's URL. Imported only by the console donations
// workflow and its loaders and actions, so the console's browser code carries no zod. Every error is
// keyed by the form field's name, for the message beside it. Amounts become integers here
// (hundredths of a percent, or cents), as the donations module stores them.

export type Parsed<T> = { ok: true; input: T } | { ok: false; errors: Record<string, string> };

/** SPEC §3 campaign types 1–7. */
export const CAMPAIGN_TYPES = [1, 2, 3, 4, 5, 6, 7] as const;

const storable = "No control or broken Unicode characters";
const text = (max: number, label: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    z
      .string({ error: `Enter ${label}` })
      .trim()
      .max(max, `At most ${max} characters`)
      .refine(isStorable, storable),
  );
const required = (max: number, label: string) => text(max, label).pipe(z.string().min(1, `Enter ${label}`));

/** A form checkbox: "yes", "on", "true" or true is ticked; absent or anything else is not. */
const flag = z.preprocess((v) => v === true || v === "yes" || v === "on" || v === "true", z.boolean());

/** A decimal as typed, with at most two decimals, → hundredths (12.5 → 1250). */
const hundredths = (label: string, min: number, max: number, example: string) =>
  z.preprocess(
    (v) => (typeof v === "number" ? String(v) : v),
    z
      .string({ error: `Enter ${label}` })
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, `Enter ${label} as a number with at most two decimals, e.g. ${example}`)
      .transform((s) => Math.round(Number(s) * 100))
      .refine((n) => n >= min && n <= max, `Enter ${label} from ${(min / 100).toFixed(2)} to ${(max / 100).toFixed(2)}`),
  );

/** A donation amount by its type: a percentage of the line (0.01–100) or dollars per unit (0.01–1000). */
const PERCENT_MAX = 100_00;
const FLAT_MAX_CENTS = 1000_00;
function donationAmount(raw: unknown, type: "percentage" | "flat", field: string, ctx: z.RefinementCtx): number | null {
  const parsed = (
    type === "percentage" ? hundredths("a percentage", 1, PERCENT_MAX, "5 or 2.5") : hundredths("an amount in dollars", 1, FLAT_MAX_CENTS, "0.25")
  ).safeParse(raw);
  if (parsed.success) return parsed.data;
  ctx.addIssue({ code: "custom", path: [field], message: parsed.error.issues[0]?.message ?? "Enter an amount" });
  return null;
}

/** A list of cause ids as typed: commas, spaces or new lines between them; duplicates dropped. */
const causeIdList = (max: number) =>
  z.preprocess(
    (v) =>
      Array.isArray(v)
        ? v.map(String)
        : String(v ?? "")
            .split(/[\s,]+/)
            .filter(Boolean),
    z
      .array(z.string())
      .max(max, `At most ${max} causes`)
      .superRefine((ids, ctx) => {
        const bad = ids.find((id) => causeKindOf(id) === null);
        if (bad !== undefined)
          ctx.addIssue({
            code: "custom",
            message: `"${bad.slice(0, 40)}" is not a cause id (a charity's EIN such as 00-1000001, or a portfolio's 32 hex characters)`,
          });
      })
      .transform((ids) => [...new Set(ids)]),
  );

const optionalCauseId = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  z.union([
    z.literal("").transform(() => null),
    z.null(),
    z.string().refine((id) => causeKindOf(id) !== null, "Not a cause id (a charity's EIN such as 00-1000001, or a portfolio's 32 hex characters)"),
  ]),
);

/**
 * Not in the console's store form (README "Donation store settings not in the console"): SPEC §3's
 * isEmbeddedConfirmation, targetCssSelector and primaryCurrency would change nothing in this shop —
 * the confirmation always shows the order's donation from the ledger, the widget sits in the shop's
 * own page slots (no script looks for a selector), and the shop sells in US dollars only. They stay
 * stored at their defaults and answered in the store configuration; a form naming them is ignored.
 */

const storeForm = z
  .object({
    name: required(100, "the store's name"),
    activeCampaigns: z.preprocess(
      (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
      z
        .array(z.coerce.number({ error: "Unknown campaign" }).int("Unknown campaign").min(1, "Unknown campaign").max(7, "Unknown campaign"))
        .transform((list) => [...new Set(list)].sort((a, b) => a - b) as (typeof CAMPAIGN_TYPES)[number][]),
    ),
    defaultDonationType: z.enum(["0", "1"], "Choose percentage or flat").transform((v) => (v === "1" ? 1 : 0) as 0 | 1),
    defaultDonation: z.unknown(),
    defaultCauseId: optionalCauseId,
    defaultCauseIds: causeIdList(10),
    featuredCauseIds: causeIdList(20),
    isActive: flag,
    letShoppersChoose: flag,
    searchEnabled: flag,
    isExperienceActive: flag,
    address1: text(200, "the street"),
    city: text(100, "the city"),
    state: text(50, "the state"),
    zip: text(20, "the ZIP code"),
    country: text(2, "the country"),
    contactName: text(100, "a contact name"),
    contactEmail: z.preprocess(
      (v) => String(v ?? "").trim(),
      z.union([z.literal(""), z.email("Enter an e-mail address, e.g. giving@example.com").max(200, "At most 200 characters")]),
    ),
    contactPhone: z.preprocess(
      (v) => String(v ?? "").trim(),
      z.string().regex(/^[0-9+()\-. ]{0,30}$/, "Enter a phone number: digits, spaces and + ( ) - . only"),
    ),
    /**
     * Not accepted. CSS from a form would be served on every storefront page that shows the widget:
     * it can restyle or hide the checkout, overlay invented text with `content:`, and probe the page
     * with attribute selectors and url() requests; the page's CSP allows inline styles, so nothing
     * else would stop it. The widget's look comes from the shop's own stylesheet.
     */
    customCSS: z.preprocess((v) => String(v ?? "").trim(), z.literal("", "Custom CSS is not accepted: the widget uses the shop's own styles")),
  })
  .superRefine((v, ctx) => {
    const address = [v.address1, v.city, v.state, v.zip, v.country];
    if (address.some(Boolean)) {
      const names = ["address1", "city", "state", "zip", "country"] as const;
      names.forEach((n, i) => {
        if (!address[i]) ctx.addIssue({ code: "custom", path: [n], message: "Complete the address, or leave all of it empty" });
      });
      if (v.country && !/^[A-Z]{2}$/i.test(v.country)) ctx.addIssue({ code: "custom", path: ["country"], message: "Enter a two-letter country code, e.g. US" });
      if (v.country.toUpperCase() === "US" && v.zip && !/^\d{5}(-\d{4})?$/.test(v.zip))
        ctx.addIssue({ code: "custom", path: ["zip"], message: "Enter a 5-digit ZIP code" });
    }
    if ((v.contactName || v.contactPhone) && !v.contactEmail)
      ctx.addIssue({ code: "custom", path: ["contactEmail"], message: "Enter the contact's e-mail address" });
    if (!v.letShoppersChoose && !v.defaultCauseId)
      ctx.addIssue({ code: "custom", path: ["defaultCauseId"], message: "Shoppers cannot choose a cause, so the store needs a default cause" });
    donationAmount(v.defaultDonation, v.defaultDonationType === 1 ? "flat" : "percentage", "defaultDonation", ctx);
  })
  .transform((v, ctx) => {
    const amount = donationAmount(v.defaultDonation, v.defaultDonationType === 1 ? "flat" : "percentage", "defaultDonation", ctx);
    return {
      name: v.name,
      activeCampaigns: v.activeCampaigns,
      defaultDonationType: v.defaultDonationType,
      defaultDonationHundredths: amount ?? 0,
      defaultCauseId: v.defaultCauseId,
      defaultCauseIds: v.defaultCauseIds,
      featuredCauseIds: v.featuredCauseIds,
      isActive: v.isActive,
      letShoppersChoose: v.letShoppersChoose,
      searchEnabled: v.searchEnabled,
      isExperienceActive: v.isExperienceActive,
      addressInformation: v.address1 ? { address1: v.address1, city: v.city, state: v.state, zip: v.zip, country: v.country.toUpperCase() } : null,
      contactInformation: v.contactEmail ? { name: v.contactName, email: v.contactEmail, phone: v.contactPhone } : null,
    };
  });
export type StoreSettings = z.output<typeof storeForm>;

/** Errors of a zod result, keyed by field; a missing-field issue on the whole object falls under "form". */
function parsedOf<T>(result: z.ZodSafeParseResult<T>): Parsed<T> {
  if (result.success) return { ok: true, input: result.data };
  const errors = fieldErrors(result.error);
  return { ok: false, errors: Object.keys(errors).length ? errors : { form: "Check the form" } };
}

export const parseStoreSettings = (raw: Record<string, unknown>): Parsed<StoreSettings> => parsedOf(storeForm.safeParse(raw));

const causeForm = z.object({
  /** ×0.01 to ×10: how much more (or less) the store gives when a shopper picks this cause. */
  multiplier: hundredths("a multiplier", 1, 1000, "1 or 1.5"),
  isDefault: flag,
  active: flag,
});
export type CauseSettings = z.output<typeof causeForm>;
export const parseCauseSettings = (raw: Record<string, unknown>): Parsed<CauseSettings> => parsedOf(causeForm.safeParse(raw));

/** A name the widget reads from the page: a window property or data-layer key, or a URL parameter. */
const PROPERTY = /^[A-Za-z_$][\w$.-]*$/;

const segmentForm = z
  .object({
    name: required(100, "the segment's name"),
    description: text(500, "a description"),
    isActive: flag,
    excludeSegment: flag,
    frontEndSource: z.enum(["0", "1", "2"], "Choose where the widget reads the value").transform((v) => Number(v) as 0 | 1 | 2),
    frontEndPropertyName: required(100, "the property or parameter name").pipe(
      z.string().regex(PROPERTY, "Letters, digits, _ $ . - only, not starting with a digit"),
    ),
    backEndPropertyName: text(100, "a back-end property name").pipe(
      z.string().regex(/^([A-Za-z_][\w.-]*)?$/, "Letters, digits, _ . - only, not starting with a digit"),
    ),
    /** "0" empty, "1" not empty, "2" in the list, "eq" equal to the first value (SPEC §3's default). */
    valueCategory: z.enum(["0", "1", "2", "eq"], "Choose how the value is compared").transform((v) => (v === "eq" ? null : (Number(v) as 0 | 1 | 2))),
    specifiedValues: z.preprocess(
      (v) => (Array.isArray(v) ? v.map(String) : String(v ?? "").split(/\r?\n/)).map((s) => s.trim()).filter(Boolean),
      z
        .array(z.string().max(100, "Each value at most 100 characters").refine(isStorable, storable))
        .max(50, "At most 50 values")
        .transform((list) => [...new Set(list)]),
    ),
    priorityIndex: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() : v),
      z.coerce
        .number({ error: "Enter a whole number from 0 to 999" })
        .int("Enter a whole number from 0 to 999")
        .min(0, "Enter a whole number from 0 to 999")
        .max(999, "Enter a whole number from 0 to 999"),
    ),
    donationAction: z.enum(["none", "percentage", "flat"], "Choose what the segment does to the donation"),
    donationActionValue: z.unknown(),
  })
  .superRefine((v, ctx) => {
    if ((v.valueCategory === 2 || v.valueCategory === null) && v.specifiedValues.length === 0)
      ctx.addIssue({ code: "custom", path: ["specifiedValues"], message: "Give at least one value, one per line" });
    if ((v.valueCategory === 0 || v.valueCategory === 1) && v.specifiedValues.length > 0)
      ctx.addIssue({ code: "custom", path: ["specifiedValues"], message: "Empty and not-empty compare no values: leave the list empty" });
    if (v.excludeSegment && v.donationAction !== "none")
      ctx.addIssue({ code: "custom", path: ["donationAction"], message: "An exclusion hides the widget and gives nothing: leave the action at None" });
    if (v.donationAction !== "none") donationAmount(v.donationActionValue, v.donationAction, "donationActionValue", ctx);
  })
  .transform((v, ctx) => {
    const { donationActionValue, ...rest } = v;
    const value = v.donationAction === "none" ? 0 : (donationAmount(donationActionValue, v.donationAction, "donationActionValue", ctx) ?? 0);
    return { ...rest, donationActionValue: value };
  });
export type SegmentSettings = z.output<typeof segmentForm>;
export const parseSegmentSettings = (raw: Record<string, unknown>): Parsed<SegmentSettings> => parsedOf(segmentForm.safeParse(raw));

/** The causes list's URL: search, kind, shown or hidden, sort and page; anything malformed falls back to its default. */
export const CAUSE_SORTS = ["name", "id", "kind", "multiplier", "place", "active"] as const;
export type CauseSort = (typeof CAUSE_SORTS)[number];
export type CauseListQuery = {
  q: string;
  kind: "charity" | "portfolio" | null;
  shown: "active" | "hidden" | null;
  sort: CauseSort;
  dir: "asc" | "desc";
  page: number;
};
const causeListSchema = z.object({
  q: z.string().trim().max(100).catch(""),
  kind: z.enum(["charity", "portfolio"]).nullable().catch(null),
  shown: z.enum(["active", "hidden"]).nullable().catch(null),
  sort: z.enum(CAUSE_SORTS).catch("name"),
  dir: z.enum(["asc", "desc"]).catch("asc"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
causeListSchema satisfies z.ZodType<CauseListQuery>;

export function causeListQuery(params: URLSearchParams): CauseListQuery {
  const get = (k: string) => params.get(k) || null;
  return causeListSchema.parse({
    q: params.get("q") ?? "",
    kind: get("kind"),
    shown: get("shown"),
    sort: get("sort") ?? undefined,
    dir: get("dir") ?? undefined,
    page: get("page") ?? 1,
  });
}
