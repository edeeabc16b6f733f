import { z } from "zod";
import { registerSchema } from "../account/forms";

// The staff-feeding program (SPEC §1, §3, §5, §6): who a staff member is, when they count as
// registered, when program prices apply, and what an unregistered visitor may open.

/** Roles a staff member registers with: a stored code, a shown label, and the account group a clinic membership gives. */
export const STAFF_ROLES = [
  { code: "DVM", label: "Veterinarian", accountGroup: "SF_DVM" },
  { code: "TECH", label: "Veterinary technician", accountGroup: "SF_TECH" },
  { code: "STAFF", label: "Practice staff", accountGroup: "SF_STAFF" },
  { code: "STUDENT", label: "Student", accountGroup: "SF_STUDENT" },
  { code: "FACULTY", label: "Faculty", accountGroup: "SF_FACULTY" },
] as const;

export type RoleCode = (typeof STAFF_ROLES)[number]["code"];
export const ROLE_CODES = STAFF_ROLES.map((r) => r.code) as [RoleCode, ...RoleCode[]];

export const roleLabel = (code: string | null | undefined) => STAFF_ROLES.find((r) => r.code === code)?.label ?? null;
export const accountGroupForRole = (code: RoleCode) => STAFF_ROLES.find((r) => r.code === code)!.accountGroup;

/** Default PD_ACCOUNT_GROUPS: every group but students' (students pay shop prices unless configured). */
export const DEFAULT_PD_ACCOUNT_GROUPS = "SF_DVM,SF_TECH,SF_STAFF,SF_FACULTY";

export type StaffIdentity = { accountGroup: string | null; preferredShipTo: string | null };

/** SPEC §5: registered only when the identity data has both SAP_CustomerAccountGroup and SF_PreferedShipTo. */
export const isRegistered = (identity: StaffIdentity | null | undefined): boolean => Boolean(identity?.accountGroup && identity.preferredShipTo);

/** SPEC §5: professional-discount eligibility — the account group is in the configured comma list. */
export function isEligibleForPd(accountGroup: string | null | undefined, configuredGroups: readonly string[]): boolean {
  return Boolean(accountGroup) && configuredGroups.includes(accountGroup!);
}

export const parseGroupList = (list: string) =>
  list
    .split(",")
    .map((g) => g.trim())
    .filter(Boolean);

// ---------------------------------------------------------------------------------------------
// Registration (SPEC §3 staff-feeding user): the consumer fields plus role, school and the
// program's terms. One schema for the form and the API.

const MIN_YEAR = 1950;
const MAX_YEAR = 2100;

const programTerms = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true")
  .refine((v) => v, "Accept the program terms to join");

export const staffRegisterSchema = registerSchema
  .and(
    z.object({
      roleCode: z.enum(ROLE_CODES, { error: "Choose your role" }),
      graduationYear: z
        .union([z.string(), z.number()])
        .optional()
        .transform((v) => (v === undefined || v === "" ? null : Number(v)))
        .refine((v) => v === null || (Number.isInteger(v) && v >= MIN_YEAR && v <= MAX_YEAR), `Enter a year between ${MIN_YEAR} and ${MAX_YEAR}`),
      currentSchoolName: z
        .string()
        .trim()
        .max(120, "The school name is too long")
        .optional()
        .transform((v) => (v ? v : null)),
      acceptsProgramTerms: programTerms,
    }),
  )
  .superRefine((v, ctx) => {
    if (v.roleCode !== "STUDENT") return;
    if (v.graduationYear === null) ctx.addIssue({ code: "custom", path: ["graduationYear"], message: "Enter your graduation year" });
    if (!v.currentSchoolName) ctx.addIssue({ code: "custom", path: ["currentSchoolName"], message: "Enter your school" });
  })
  // Students only: the fields are hidden (and ignored) for other roles.
  .transform((v) => (v.roleCode === "STUDENT" ? v : { ...v, graduationYear: null, currentSchoolName: null }));

export type StaffRegisterInput = z.infer<typeof staffRegisterSchema>;

// ---------------------------------------------------------------------------------------------
// The clinic calls of SPEC §7 (identity and clinic).

export const CLINIC_SEARCH_TYPES = ["name", "city", "zip", "groupId"] as const;
export type ClinicSearchType = (typeof CLINIC_SEARCH_TYPES)[number];
export const CLINIC_PAGE_SIZE = 25;

export const clinicSearchSchema = z.object({
  searchType: z.enum(CLINIC_SEARCH_TYPES, { error: "Choose name, city, zip or groupId" }),
  searchTerm: z.string({ error: "Enter what to search for" }).trim().min(2, "Enter at least 2 characters").max(80, "Search for at most 80 characters"),
  page: z.coerce.number().int("Give a whole page number").min(1, "Pages start at 1").max(100, "At most 100 pages").optional().default(1),
});
export type ClinicSearchInput = z.infer<typeof clinicSearchSchema>;

export const clinicIdSchema = z
  .string({ error: "Give the clinicID" })
  .trim()
  .regex(/^CL\d{6}$/, "A clinicID looks like CL100001");
export const groupIdSchema = z
  .string({ error: "Give the groupID" })
  .trim()
  .regex(/^G\d{6}$/, "A groupID looks like G500001");

// ---------------------------------------------------------------------------------------------
// The gate (SPEC §2, §6): what an unregistered visitor reaches on the staff site.

const PUBLIC_PAGES = [
  /^\/$/,
  /^\/terms-and-conditions\/?$/,
  /^\/faq\/?$/,
  /^\/shipping\/?$/,
  /^\/contact-us\/?$/,
  /^\/sitemap\/?$/,
  /^\/maintenance\/?$/,
  /^\/password-protect\/?$/,
  /^\/logout\/?$/,
  /^\/shelter(\/|$)/,
  // A marketing mail's links: confirming and the preference centre need no sign-in (signing up does).
  /^\/email\/(confirm|preferences)\/?$/,
];

/** App paths that are not pages of their own (route table of app/routes.ts). */
const APP_PREFIXES = ["products", "cart", "checkout", "discount", "search", "account", "autoship", "location", "shelter", "logout"];

/**
 * Whether an unregistered visitor may open this page path on the staff site: the public pages,
 * /shelter/*, and one-segment content pages (/:slug) that are not one of the app's own routes.
 */
export function isOpenToUnregistered(pathname: string): boolean {
  const path = pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") || "/";
  if (PUBLIC_PAGES.some((re) => re.test(path))) return true;
  const slug = /^\/([a-z0-9][a-z0-9-]*)\/?$/i.exec(path)?.[1];
  return slug !== undefined && !APP_PREFIXES.includes(slug.toLowerCase());
}

export const STAFF_REGISTER_PATH = "/shelter/register";
/** The clinic step of registration, where a signed-in, unregistered staff member lands. */
export const CLINIC_STEP_PATH = "/shelter/register?step=clinic";

/**
 * API calls that answer program prices, carts or checkouts: on the staff site only a registered
 * staff member may make them (401 otherwise). Stock, content and identity calls stay open.
 */
const STAFF_ONLY_API = [
  /^\/api\/ecom\/v1\.0\/(get-(listing-)?products?-by-handles?|get-filters-by-handle)$/,
  /^\/api\/ecom\/v1\.0\/[a-z-]*cart[a-z-]*$/,
  /^\/api\/cms\/v1\.0\/(get-products|get-filtered-products|get-skus-with-deal)$/,
  /^\/api\/checkout\//,
  /^\/api\/multipass$/,
  /^\/api\/get-ordergroove-product-by-sku$/,
];

export const isStaffOnlyApi = (pathname: string) => STAFF_ONLY_API.some((re) => re.test(pathname));
