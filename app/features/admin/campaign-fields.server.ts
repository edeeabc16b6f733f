import { AUTOSHIP_LABELS, LAST_ORDER_LABELS, segmentFormValues, SPECIES_LABELS, wholeList } from "../../../rules/marketing/segment";
import { TOPIC_LABELS, topicsOf } from "../../../rules/marketing/subscriber";
import type { FieldSpec } from "./donation-fields";

// The campaign page's fields as data (loader data): the segment's labels are the rules' own, and
// the rules hold zod schemas the console's browser code must not load.

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
const TOPIC_OPTIONS = (["d2c", "hpsf"] as const).flatMap((site) =>
  topicsOf(site).map((t) => ({ value: t, label: `${TOPIC_LABELS[t]} (${site === "hpsf" ? "staff site" : "shop"})` })),
);

export const CONTENT_FIELDS: readonly FieldSpec[] = [
  { name: "name", label: "Name (for the console)", maxLength: 100 },
  { name: "subject", label: "Subject", maxLength: 150 },
  { name: "preheader", label: "Preheader (the line an inbox shows after the subject)", maxLength: 150, className: "md:col-span-2" },
  {
    name: "body",
    label: "Body",
    rows: 12,
    className: "md:col-span-2",
    hint: "Blocks separated by a blank line: a paragraph; “# Heading”; “product: <handle>” (drawn with its live price and stock); “content: <key>” (a published promotion or highlight of the shop, e.g. home-puppy); “button: Label | /path”.",
  },
];

export const SEGMENT_FIELDS: readonly FieldSpec[] = [
  {
    name: "site",
    label: "Site",
    options: [
      { value: "d2c", label: "Shop" },
      { value: "hpsf", label: "Staff site" },
    ],
  },
  { name: "topic", label: "Topic", options: TOPIC_OPTIONS },
  { name: "autoship", label: "Autoship", options: options(AUTOSHIP_LABELS) },
  { name: "autoshipDays", label: "… cancelled within (days)", inputMode: "numeric" },
  { name: "species", label: "Species bought", options: options(SPECIES_LABELS) },
  { name: "lastOrder", label: "Last order", options: options(LAST_ORDER_LABELS) },
  { name: "lastOrderDays", label: "… days", inputMode: "numeric" },
  { name: "minSpend", label: "Lifetime spend at least ($)", inputMode: "decimal" },
  { name: "accountGroup", label: "Staff account group", maxLength: 40, mono: true, hint: "Staff site only; empty: any." },
];

/** A new campaign's form. */
export const EMPTY_CAMPAIGN = {
  name: "",
  subject: "",
  preheader: "",
  body: "",
  ...segmentFormValues(wholeList("d2c", "offers")),
};
