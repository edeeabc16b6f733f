import { z } from "zod";
import { CHARITY_SEARCH_TAKE, DONATION_EVENT_VERSION, causeKindOf, isCharityId, isPortfolioId } from "./provider";

// One schema per donation-provider input (SPEC §7 "Donation provider", STYLE habit 1). Money in
// requests is the provider's decimal dollars; the handlers turn it into cents before any rule runs.

/**
 * Whether a value can be stored as PostgreSQL text or jsonb: no NUL character and no lone UTF-16
 * surrogate (both refused by the database, which would turn a bad request into a 500).
 * JSON.stringify escapes exactly those as \u0000 and \udXXX; well-formed pairs stay raw.
 */
export const isStorable = (value: unknown) => !/\\u0000|\\ud[89a-f][0-9a-f]{2}/i.test(JSON.stringify(value) ?? "");
const storable = "No control or broken Unicode characters";

const dollars = (what: string) =>
  z.coerce
    .number({ error: `Give the ${what} as a number` })
    .min(0, `The ${what} cannot be negative`)
    .max(1_000_000, `The ${what} is at most 1000000`)
    .refine((n) => Number.isFinite(n), `Give the ${what} as a number`);

/** A cause id: an EIN-style charity id or a 32-hex portfolio id (SPEC §5). */
export const causeIdSchema = z
  .string({ error: "Give the cause id" })
  .trim()
  .max(32, "At most 32 characters")
  .refine((id) => causeKindOf(id) !== null, "A cause id is a charity's EIN (digits, dashes, slashes) or a portfolio's 32 hex characters");

const optionalCauseId = z.preprocess((v) => (v === "" || v === null ? undefined : v), causeIdSchema.optional());
const optionalSegmentId = z.preprocess((v) => (v === "" || v === null ? undefined : v), z.uuid("Give a segment id (a UUID)").optional());

/** A cart in another currency: its code and how many of its units make one US dollar (SPEC §9). */
const currencyFields = {
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "Give a three-letter currency code")
    .optional()
    .default("USD"),
  exchangeRate: z.coerce.number().positive("The exchange rate must be above 0").max(100_000, "The exchange rate is at most 100000").optional(),
};
const rateGiven = <T extends { currency: string; exchangeRate?: number }>(v: T) => v.currency === "USD" || v.exchangeRate !== undefined;
const rateRefinement = { path: ["exchangeRate"], message: "Give the exchange rate of a currency other than USD" };

/** POST tracking: the body's store id, when given, must be the header's. */
export const startTrackingInput = z.object({
  storeId: z.string().max(64).optional(),
  isTestMode: z.boolean().optional().default(false),
  isForceTestMode: z.boolean().optional().default(false),
});

/** PUT tracking/{id}/set-cause: cause id 0 (with name "0") clears it (SPEC §4). */
export const setCauseInput = z.object({
  causeId: z.union([z.literal(0), z.literal("0"), causeIdSchema], { error: "Give a cause id, or 0 to clear it" }),
  causeName: z.string({ error: "Give the cause name" }).max(200, "At most 200 characters"),
});

/** PUT tracking/{id}/cart: the segment the widget matched (none: no body, or null). */
export const attachCartInput = z.object({ segmentId: optionalSegmentId });

export const integrationInfoInput = z.object({
  integrationType: z
    .string({ error: "Give the integration type" })
    .trim()
    .min(1, "Give the integration type")
    .max(50, "At most 50 characters")
    .refine(isStorable, storable),
  info: z
    .union([z.string().max(2000, "At most 2000 characters"), z.record(z.string().max(50), z.string().max(500, "At most 500 characters"))], {
      error: "Give the info as a string or an object of strings",
    })
    .refine((info) => typeof info === "string" || Object.keys(info).length <= 20, "At most 20 keys")
    .refine(isStorable, storable),
});

/** PUT tracking/{id}/set-confirmation-data (SPEC §7): the total to 2 decimals and the causes as a JSON string. */
export const confirmationInput = z.object({
  confirmationData: z.object(
    {
      totalDonationAmount: z
        .union([z.string(), z.number()])
        .transform(String)
        .pipe(z.string().regex(/^\d{1,7}\.\d{2}$/, "Give the total with 2 decimals, e.g. 2.15")),
      causes: z
        .string({ error: "Give the causes as a JSON string" })
        .max(10_000, "At most 10000 characters")
        .refine((s) => {
          try {
            return Array.isArray(JSON.parse(s));
          } catch {
            return false;
          }
        }, "Give the causes as a JSON array in a string")
        .refine(isStorable, storable),
    },
    { error: "Give the confirmationData" },
  ),
});

/** GET products/donation-by-cms-id (SPEC §7). */
export const productDonationQuery = z
  .object({
    cmsId: z.string({ error: "Give the cmsId" }).trim().min(1, "Give the cmsId").max(100, "At most 100 characters"),
    realPrice: dollars("realPrice"),
    providedCauseId: optionalCauseId,
    customerSegmentId: optionalSegmentId,
    ...currencyFields,
  })
  .refine(rateGiven, rateRefinement);

const cartLine = z.object({
  id: z.string({ error: "Give the line's id (cmsId)" }).trim().min(1, "Give the line's id (cmsId)").max(100, "At most 100 characters"),
  price: dollars("price"),
  quantity: z.coerce.number({ error: "Give the quantity" }).int("A whole number").min(1, "At least 1").max(999, "At most 999"),
  discount: dollars("discount").optional().default(0),
});

/** POST products/get-multiple-donation (SPEC §3 cart donation request). */
export const cartDonationInput = z
  .object({
    cmsIds: z.array(cartLine, { error: "Give the cart's lines (cmsIds)" }).max(250, "At most 250 lines"),
    cartDiscount: dollars("cartDiscount").optional().default(0),
    ignoreDirectDonations: z.boolean().optional().default(false),
    providedCauseId: optionalCauseId,
    customerSegmentId: optionalSegmentId,
    ...currencyFields,
  })
  .refine(rateGiven, rateRefinement);

/** GET charities/search (SPEC §7, §9: skip 0, take 25). */
export const charitySearchQuery = z.object({
  q: z.string().trim().max(100, "At most 100 characters").refine(isStorable, storable).optional().default(""),
  skip: z.coerce.number().int("A whole number").min(0, "At least 0").max(10_000, "At most 10000").optional().default(0),
  take: z.coerce
    .number()
    .int("A whole number")
    .min(1, "At least 1")
    .max(CHARITY_SEARCH_TAKE, `At most ${CHARITY_SEARCH_TAKE}`)
    .optional()
    .default(CHARITY_SEARCH_TAKE),
  zip: z
    .string()
    .trim()
    .regex(/^\d{3,5}$/, "Give a ZIP code (3 to 5 digits)")
    .optional(),
  city: z.string().trim().min(1, "Give a city").max(100, "At most 100 characters").refine(isStorable, storable).optional(),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "Give a two-letter state code")
    .optional(),
  categoryId: z.coerce.number().int("A whole number").min(0, "At least 0").max(999, "At most 999").optional(),
});

const commaList = (what: string, check: (id: string) => boolean, max: number) =>
  z
    .string({ error: `Give the ${what}` })
    .transform((s) => [
      ...new Set(
        s
          .split(",")
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().refine(check, `Each of the ${what} must be valid`))
        .min(1, `Give the ${what}`)
        .max(max, `At most ${max} ${what}`),
    );

/** GET charities/search-by-eins ?eins=a,b */
export const einsQuery = z.object({ eins: commaList("eins", isCharityId, 50) });
/** GET portfolios/cc-query-with-charities ?id=a,b */
export const portfolioQuery = z.object({ id: commaList("id", isPortfolioId, 20) });

const shortText = z.string().max(2000, "At most 2000 characters");

/** SPEC §3 analytics event envelope, event_version 0.1.15. */
export const clickstreamEnvelope = z
  .object({
    client_properties: z.object(
      {
        user_agent: shortText.optional().default(""),
        url: shortText.optional().default(""),
        device_type: z.string().max(50).optional().default(""),
        browser_type: z.string().max(50).optional().default(""),
        browser_version: z.string().max(50).optional().default(""),
        platform: z.string().max(50).optional().default(""),
        referrer: shortText.optional().default(""),
      },
      { error: "Give the client_properties" },
    ),
    store_id: z.string({ error: "Give the store_id" }).max(64),
    tracking_id: z.uuid("Give the tracking id (a UUID)").nullable().optional(),
    metadata: z
      .record(z.string().max(100), z.unknown())
      .optional()
      .default({})
      .refine((m) => JSON.stringify(m).length <= 4000, "The metadata is at most 4000 characters of JSON"),
    customer: z
      .object({ id: z.string().max(200).nullable().optional(), email: z.string().max(320).nullable().optional() })
      .nullable()
      .optional(),
    event: z.object(
      {
        time_stamp: z.iso.datetime({ offset: true, error: "Give the time_stamp as an ISO date-time" }).refine((t) => {
          const year = new Date(t).getUTCFullYear();
          return year >= 2000 && year < 3000;
        }, "Give a time_stamp between the years 2000 and 2999"),
        event_type: z
          .string({ error: "Give the event_type" })
          .trim()
          .min(1, "Give the event_type")
          .max(100, "At most 100 characters")
          .regex(/^[A-Za-z0-9_.:-]+$/, "Letters, digits and _ . : - only"),
        event_version: z.literal(DONATION_EVENT_VERSION, { error: `The event_version is ${DONATION_EVENT_VERSION}` }),
        payload: z
          .record(z.string().max(100), z.unknown())
          .optional()
          .default({})
          .refine((p) => JSON.stringify(p).length <= 8000, "The payload is at most 8000 characters of JSON"),
      },
      { error: "Give the event" },
    ),
  })
  .refine(isStorable, { message: storable, path: ["event", "payload"] });
export type ClickstreamEnvelope = z.infer<typeof clickstreamEnvelope>;

/** A batch: the widget posts its events every 5 s (SPEC §9), at most 50 at a time. */
export const clickstreamBatch = z.array(clickstreamEnvelope).min(1, "Give at least one event").max(50, "At most 50 events");
