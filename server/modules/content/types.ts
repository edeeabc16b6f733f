import { z } from "zod";
import { CONTENT_COLORS } from "../../../rules/content/palette";

// The typed content entries of the content module (SPEC §3 content product carousel entry, palette,
// publication status; SPEC §7 content calls). One zod schema per entry type validates a file on
// import and a row on read. Fields holding rich text end in "Html" and are sanitised on the server
// before they leave it (rich-text.ts).

export const CONTENT_STATUSES = ["published", "draft", "archived"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const CONTENT_SITES = ["d2c", "hpsf", "both"] as const;
export type ContentSite = (typeof CONTENT_SITES)[number];

const text = z.string().trim().min(1, "must not be empty").max(500);
const html = z.string().max(50_000);
const key = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9*][a-z0-9/*-]*$/, "lower-case letters, digits, dashes and slashes only");

/** Relative same-site paths, http(s) and mailto only: no javascript:, data: or protocol-relative URLs. */
export const safeUrl = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (u) => (u.startsWith("/") && !u.startsWith("//") && !u.includes("\\")) || /^(https?:\/\/|mailto:)[^\s]+$/i.test(u),
    "must be a same-site path (/...) or an http(s) or mailto URL",
  );

export const color = z.enum(CONTENT_COLORS);

export const contentLink = z.strictObject({ text, url: safeUrl, external: z.boolean().default(false) });
export type ContentLink = z.infer<typeof contentLink>;

/** A content image: a file of content/assets, served by the image proxy as cms/{name}.webp. */
export const contentImage = z.strictObject({
  src: z.string().regex(/^cms\/[a-z0-9-]+\.webp$/, "must look like cms/{name}.webp (a file in content/assets)"),
  alt: z.string().max(300),
});
export type ContentImage = z.infer<typeof contentImage>;

const handles = z.array(z.string().trim().min(1).max(255)).min(1, "give at least one handle").max(24);

export const productCarouselFields = {
  headline: text,
  paragraph: z.string().max(1000).default(""),
  handles,
  bg_color: color.default("transparent"),
  copyColor: color.default("dark blue"),
  background: z.string().max(100).optional(),
  isLastComponent: z.boolean().default(false),
};

const section = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("hero"),
    heading: text,
    bodyHtml: html.default(""),
    image: contentImage.optional(),
    buttons: z.array(contentLink).max(4).default([]),
    bg_color: color.default("light blue"),
    copyColor: color.default("dark blue"),
  }),
  z.strictObject({
    kind: z.literal("feature"),
    heading: text,
    bodyHtml: html.default(""),
    image: contentImage.optional(),
    buttons: z.array(contentLink).max(4).default([]),
  }),
  z.strictObject({ kind: z.literal("richText"), bodyHtml: html }),
  z.strictObject({
    kind: z.literal("faq"),
    heading: z.string().max(200).optional(),
    items: z.array(z.strictObject({ question: text, answerHtml: html })).min(1),
  }),
  z.strictObject({ kind: z.literal("productCarousel"), ...productCarouselFields }),
]);
export type PageSection = z.infer<typeof section>;

const pageBlock = { page: key, order: z.number().int().default(0) };

/** Every entry type and the schema of its body. */
export const BODY_SCHEMAS = {
  page: z.strictObject({
    title: text,
    description: z.string().max(300).default(""),
    sections: z.array(section).default([]),
  }),
  announcement: z.strictObject({ text, link: contentLink.optional(), order: z.number().int().default(0) }),
  "sitewide-banner": z.strictObject({
    text,
    link: contentLink.optional(),
    tone: z.enum(["info", "promo", "warning"]).default("info"),
    order: z.number().int().default(0),
  }),
  navigation: z.strictObject({
    items: z
      .array(
        z.strictObject({
          text,
          url: safeUrl,
          groups: z
            .array(z.strictObject({ heading: text, links: z.array(contentLink).min(1).max(12) }))
            .max(4)
            .default([]),
        }),
      )
      .min(1)
      .max(10),
  }),
  header: z.strictObject({ navigationHandle: key, utilityLinks: z.array(contentLink).max(4).default([]) }),
  footer: z.strictObject({
    columns: z
      .array(z.strictObject({ heading: text, links: z.array(contentLink).max(12) }))
      .min(1)
      .max(5),
    legalHtml: html.default(""),
  }),
  contact: z.strictObject({
    heading: text,
    phone: text,
    email: z.email(),
    hours: z.array(text).max(7),
    addressLines: z.array(text).max(5),
  }),
  globals: z.strictObject({ values: z.record(z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]*$/), z.string().max(1000)) }),
  "account-pages-settings": z.strictObject({
    dashboardHtml: html,
    ordersEmptyText: text,
    autoshipsEmptyText: text,
    addressBookHtml: html.default(""),
  }),
  "highlight-content-block": z.strictObject({
    ...pageBlock,
    heading: text,
    bodyHtml: html.default(""),
    image: contentImage.optional(),
    buttons: z.array(contentLink).max(3).default([]),
    bg_color: color.default("light blue"),
    copyColor: color.default("dark blue"),
  }),
  "two-column-section": z.strictObject({
    ...pageBlock,
    heading: text,
    bodyHtml: html.default(""),
    image: contentImage,
    imageSide: z.enum(["left", "right"]).default("left"),
    buttons: z.array(contentLink).max(3).default([]),
    bg_color: color.default("white"),
    copyColor: color.default("dark blue"),
  }),
  "product-carousel": z.strictObject({ ...pageBlock, ...productCarouselFields }),
  "promotion-banner": z.strictObject({
    ...pageBlock,
    heading: text,
    bodyHtml: html.default(""),
    image: contentImage.optional(),
    link: contentLink,
    bg_color: color.default("dark blue"),
    copyColor: color.default("white"),
  }),
  "no-results-suggestions": z.strictObject({
    heading: text,
    bodyHtml: html.default(""),
    links: z.array(contentLink).max(8).default([]),
  }),
  "password-protect": z.strictObject({ heading: text, bodyHtml: html.default("") }),
  "plp-page": z.strictObject({ heading: text, bodyHtml: html, links: z.array(contentLink).max(6).default([]) }),
  "pdp-page": z.strictObject({ heading: text, bodyHtml: html, links: z.array(contentLink).max(6).default([]) }),
} as const;

export type ContentType = keyof typeof BODY_SCHEMAS;
export const CONTENT_TYPES = Object.keys(BODY_SCHEMAS) as ContentType[];
export type ContentBody<T extends ContentType> = z.infer<(typeof BODY_SCHEMAS)[T]>;

export type PageBody = ContentBody<"page">;
export type ProductCarouselBody = ContentBody<"product-carousel">;

/** One file of content/: an entry with its type, key, site and publication status. */
export const contentFileSchema = z
  .strictObject({
    type: z.enum(CONTENT_TYPES as [ContentType, ...ContentType[]]),
    key,
    site: z.enum(CONTENT_SITES).default("both"),
    status: z.enum(CONTENT_STATUSES).default("published"),
    body: z.unknown(),
  })
  .superRefine((entry, ctx) => {
    const parsed = BODY_SCHEMAS[entry.type].safeParse(entry.body);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: ["body", ...issue.path] } as never);
  })
  .transform((entry) => ({ ...entry, body: BODY_SCHEMAS[entry.type].parse(entry.body) as unknown }));

export type ContentEntryInput = { type: ContentType; key: string; site: ContentSite; status: ContentStatus; body: unknown };

export const redirectSchema = z.strictObject({
  source: z
    .string()
    .regex(/^\/[^\s?#]*$/, "must be a path starting with /")
    .refine((s) => !s.startsWith("//"), "must not start with //"),
  target: safeUrl,
  permanent: z.boolean().default(true),
  site: z.enum(CONTENT_SITES).default("both"),
});
export type RedirectInput = z.infer<typeof redirectSchema>;
export const redirectsFileSchema = z.strictObject({ redirects: z.array(redirectSchema).max(5000) });
