import { stateForZip, US_STATES, type StateCode } from "../../../rules/shared/us-states";
import type { ClinicKind, ClinicVerification } from "./schema";
import { seededRandom } from "../../db/seeded-random";

// The invented clinic directory of the staff-feeding program (ARCHITECTURE §5: seed data ships with
// the code and loads into an empty database). 200 clinics and 10 schools over every state and DC,
// several per large city (Springfield in four states, Denver, Austin, Phoenix...). Every name is
// made up from place words and practice words; streets and phone numbers too (555 numbers).
// Deterministic: a seeded generator keyed by stable strings, so every run gives the same rows.

/** The clinic tests join at once: open, ships to the clinic (CL100001, Springfield IL). */
export const SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID = "G500001";
/** A clinic whose memberships wait for its administrator (Springfield MO). */
export const SPRINGFIELD_PET_CLINIC_GROUP_ID = "G500002";
/** A home-delivery-only practice: orders go to the member's home, never to the clinic. */
export const CEDAR_HOLLOW_MOBILE_VETS_GROUP_ID = "G500003";

export const SEED_CLINIC_COUNT = 200;
export const SEED_SCHOOL_COUNT = 10;

export type SeedClinic = {
  clinicNumber: string;
  groupId: string;
  kind: ClinicKind;
  name: string;
  soldTo: string;
  shipTo: string;
  address1: string;
  address2: string;
  city: string;
  provinceCode: StateCode;
  zip: string;
  phone: string;
  homeDeliveryOnly: boolean;
  verification: ClinicVerification;
  administratorEmail: string | null;
};

const pick = <T>(rnd: () => number, items: readonly T[]): T => items[Math.floor(rnd() * items.length)];
const digits = (rnd: () => number, n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 10)).join("");

// ---------------------------------------------------------------------------------------------------
// Where the clinics are: city, state, a three-digit ZIP prefix of that state, and how many clinics.
// Large cities hold several; every state and DC at least one. Counts add up to SEED_CLINIC_COUNT.

type City = readonly [city: string, state: StateCode, zipPrefix: string, clinics: number];

const CITIES: readonly City[] = [
  ["Birmingham", "AL", "352", 3],
  ["Montgomery", "AL", "361", 1],
  ["Anchorage", "AK", "995", 2],
  ["Phoenix", "AZ", "850", 6],
  ["Tucson", "AZ", "857", 3],
  ["Little Rock", "AR", "722", 2],
  ["Los Angeles", "CA", "900", 5],
  ["San Diego", "CA", "921", 4],
  ["Sacramento", "CA", "958", 3],
  ["San Francisco", "CA", "941", 3],
  ["Denver", "CO", "802", 6],
  ["Colorado Springs", "CO", "809", 2],
  ["Hartford", "CT", "061", 2],
  ["Wilmington", "DE", "198", 2],
  ["Washington", "DC", "200", 3],
  ["Miami", "FL", "331", 4],
  ["Orlando", "FL", "328", 3],
  ["Tampa", "FL", "336", 3],
  ["Jacksonville", "FL", "322", 2],
  ["Atlanta", "GA", "303", 5],
  ["Savannah", "GA", "314", 1],
  ["Honolulu", "HI", "968", 2],
  ["Boise", "ID", "837", 2],
  ["Chicago", "IL", "606", 5],
  ["Springfield", "IL", "627", 3],
  ["Indianapolis", "IN", "462", 3],
  ["Des Moines", "IA", "503", 2],
  ["Wichita", "KS", "672", 2],
  ["Louisville", "KY", "402", 3],
  ["New Orleans", "LA", "701", 3],
  ["Portland", "ME", "041", 2],
  ["Baltimore", "MD", "212", 3],
  ["Boston", "MA", "021", 4],
  ["Springfield", "MA", "011", 2],
  ["Detroit", "MI", "482", 3],
  ["Grand Rapids", "MI", "495", 2],
  ["Minneapolis", "MN", "554", 3],
  ["Jackson", "MS", "392", 2],
  ["Kansas City", "MO", "641", 3],
  ["Springfield", "MO", "658", 2],
  ["St. Louis", "MO", "631", 2],
  ["Billings", "MT", "591", 1],
  ["Omaha", "NE", "681", 2],
  ["Las Vegas", "NV", "891", 3],
  ["Manchester", "NH", "031", 1],
  ["Newark", "NJ", "071", 2],
  ["Albuquerque", "NM", "871", 2],
  ["New York", "NY", "100", 4],
  ["Buffalo", "NY", "142", 2],
  ["Charlotte", "NC", "282", 3],
  ["Raleigh", "NC", "276", 2],
  ["Fargo", "ND", "581", 1],
  ["Columbus", "OH", "432", 3],
  ["Cleveland", "OH", "441", 2],
  ["Oklahoma City", "OK", "731", 2],
  ["Portland", "OR", "972", 4],
  ["Springfield", "OR", "974", 2],
  ["Philadelphia", "PA", "191", 4],
  ["Pittsburgh", "PA", "152", 2],
  ["Providence", "RI", "029", 1],
  ["Charleston", "SC", "294", 2],
  ["Sioux Falls", "SD", "571", 1],
  ["Nashville", "TN", "372", 3],
  ["Memphis", "TN", "381", 2],
  ["Austin", "TX", "787", 6],
  ["Houston", "TX", "770", 4],
  ["Dallas", "TX", "752", 4],
  ["San Antonio", "TX", "782", 3],
  ["Salt Lake City", "UT", "841", 2],
  ["Burlington", "VT", "054", 1],
  ["Richmond", "VA", "232", 2],
  ["Seattle", "WA", "981", 4],
  ["Spokane", "WA", "992", 1],
  ["Charleston", "WV", "253", 1],
  ["Milwaukee", "WI", "532", 2],
  ["Cheyenne", "WY", "820", 1],
];

/** Invented schools (kind "school"): no real institution's name. */
const SCHOOLS: readonly [name: string, city: string, state: StateCode, zipPrefix: string][] = [
  ["Northfield College of Veterinary Medicine", "Minneapolis", "MN", "554"],
  ["Harrowgate University School of Veterinary Science", "Columbus", "OH", "432"],
  ["Silver Pine College of Veterinary Medicine", "Boise", "ID", "837"],
  ["Eastbrook Institute of Animal Health", "Philadelphia", "PA", "191"],
  ["Red Mesa School of Veterinary Medicine", "Albuquerque", "NM", "871"],
  ["Lakeshore Veterinary Technology Institute", "Milwaukee", "WI", "532"],
  ["Copperleaf University College of Veterinary Medicine", "Denver", "CO", "802"],
  ["Whitmore College of Veterinary Technology", "Springfield", "IL", "627"],
  ["Gulf Palms School of Veterinary Medicine", "Tampa", "FL", "336"],
  ["Granite Ridge Veterinary College", "Austin", "TX", "787"],
];

// Place words for practice names (none of them "field": the Springfield clinics stay the best
// typo matches for a misspelt Springfield).
const PLACE_WORDS = [
  "Maple Ridge",
  "Willow Creek",
  "Stonebridge",
  "Bluebird",
  "Harbor View",
  "Oak Grove",
  "Riverbend",
  "Pine Hill",
  "Silver Lake",
  "Meadowlark",
  "Fox Run",
  "Juniper",
  "Sunnyslope",
  "Kestrel",
  "Copper Creek",
  "Birchwood",
  "Aspen Trail",
  "Lantern Hill",
  "Hearthstone",
  "Prairie Wind",
  "Sandstone",
  "Tall Timbers",
  "Bramble Lane",
  "Whistle Stop",
  "Golden Paw",
  "Happy Tails",
  "Kindred Paws",
  "Quail Hollow",
  "Mesa Trail",
  "Lighthouse",
  "Evergreen Bend",
  "Thistle Down",
  "Red Barn",
  "Clover Hill",
  "Heron Bay",
  "Wagging Tail",
  "Cobblestone",
  "Elm Street",
  "Sparrow Point",
  "Twin Oaks",
  "Blue Heron",
  "Granite Falls",
  "Paw Print",
  "Old Mill",
  "Sycamore",
  "Timberline",
  "Crescent Moon",
  "Bay Leaf",
  "Lakeside",
  "Hilltop",
];
const PRACTICE_WORDS = [
  "Animal Hospital",
  "Veterinary Clinic",
  "Pet Clinic",
  "Animal Clinic",
  "Veterinary Center",
  "Veterinary Hospital",
  "Pet Care Center",
  "Animal Care",
  "Companion Animal Clinic",
  "Veterinary Associates",
  "Family Pet Hospital",
];
const HOME_VISIT_WORDS = ["Mobile Vets", "House Call Veterinary Service", "Mobile Veterinary Care", "Home Visit Vets"];
const STREETS = [
  "Main",
  "Oak",
  "Maple",
  "Cedar",
  "Elm",
  "Washington",
  "Lake",
  "Hill",
  "Park",
  "Pine",
  "Walnut",
  "Chestnut",
  "Highland",
  "Sunset",
  "River",
  "Franklin",
  "Lincoln",
  "Jefferson",
  "Madison",
  "Spring",
  "Church",
  "Prairie",
];
const STREET_KINDS = ["Street", "Avenue", "Road", "Boulevard", "Drive", "Lane", "Parkway", "Way"];

/** "Maple Ridge Animal Hospital" → "maple-ridge-animal-hospital". */
export const clinicSlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The administrator of an approval clinic: admin@<slug>.clinic.example (a reserved domain). */
export const administratorEmailFor = (name: string) => `admin@${clinicSlug(name)}.clinic.example`;

type Spot = { city: string; state: StateCode; zipPrefix: string };
type Draft = Spot & { kind: ClinicKind; name: string; homeDeliveryOnly?: boolean; verification?: ClinicVerification };

/** The three clinics tests and fixtures name, first in the directory. */
const NAMED: readonly (Draft & { homeDeliveryOnly: boolean; verification: ClinicVerification })[] = [
  { kind: "clinic", name: "Springfield Animal Hospital", city: "Springfield", state: "IL", zipPrefix: "627", homeDeliveryOnly: false, verification: "open" },
  { kind: "clinic", name: "Springfield Pet Clinic", city: "Springfield", state: "MO", zipPrefix: "658", homeDeliveryOnly: false, verification: "approval" },
  { kind: "clinic", name: "Cedar Hollow Mobile Vets", city: "Austin", state: "TX", zipPrefix: "787", homeDeliveryOnly: true, verification: "open" },
];

/** Shares of the generated clinics (SPEC §3 fixtures): about 15 % home delivery only, about 20 % approval. */
const HOME_DELIVERY_SHARE = 0.15;
const APPROVAL_SHARE = 0.2;

/** Indices 0..n-1 in a stable shuffled order (Fisher–Yates on a seeded generator). */
function shuffledIndices(n: number, seed: string): number[] {
  const rnd = seededRandom(seed);
  const out = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The whole directory, clinics first (CL100001…), then the schools. */
export function buildSeedClinics(): SeedClinic[] {
  const names = new Set(NAMED.map((n) => n.name));

  // One slot per clinic of each city; the named clinics take a slot of their own city.
  const slots: Spot[] = CITIES.flatMap(([city, state, zipPrefix, count]) => Array.from({ length: count }, () => ({ city, state, zipPrefix })));
  for (const n of NAMED) {
    const i = slots.findIndex((s) => s.city === n.city && s.state === n.state);
    if (i < 0) throw new Error(`No slot for ${n.name} in ${n.city}, ${n.state}`);
    slots.splice(i, 1);
  }

  const generatedCount = slots.length;
  const homeDelivery = new Set(shuffledIndices(generatedCount, "clinics:home-delivery").slice(0, Math.round(generatedCount * HOME_DELIVERY_SHARE)));
  const approval = new Set(shuffledIndices(generatedCount, "clinics:approval").slice(0, Math.round(generatedCount * APPROVAL_SHARE)));

  const generated: Draft[] = slots.map((spot, i) => {
    const rnd = seededRandom(`clinic-name:${spot.state}:${spot.city}:${i}`);
    const homeDeliveryOnly = homeDelivery.has(i);
    let name = "";
    for (let attempt = 0; !name || names.has(name); attempt++) {
      if (attempt > 50) throw new Error(`No free clinic name in ${spot.city}`);
      // A third carry their city's name; never in Springfield, whose two named clinics keep the city's name to themselves.
      const place = spot.city !== "Springfield" && rnd() < 0.33 ? spot.city : pick(rnd, PLACE_WORDS);
      name = `${place} ${pick(rnd, homeDeliveryOnly ? HOME_VISIT_WORDS : PRACTICE_WORDS)}`;
    }
    names.add(name);
    return { ...spot, kind: "clinic", name, homeDeliveryOnly, verification: approval.has(i) ? "approval" : "open" };
  });

  // Schools: half admit students at once, half through their administrator.
  const schools: Draft[] = SCHOOLS.map(([name, city, state, zipPrefix], i) => ({
    kind: "school",
    name,
    city,
    state,
    zipPrefix,
    homeDeliveryOnly: false,
    verification: i % 2 === 0 ? "open" : "approval",
  }));

  return [...NAMED, ...generated, ...schools].map((d, i) => {
    const rnd = seededRandom(`clinic:${d.name}`);
    const n = i + 1;
    const verification = d.verification ?? "open";
    const address2 = rnd() < 0.3 ? `Suite ${100 + Math.floor(rnd() * 400)}` : "";
    return {
      clinicNumber: `CL${100000 + n}`,
      groupId: `G${500000 + n}`,
      kind: d.kind,
      name: d.name,
      // Account numbers in steps: unique by construction, irregular enough to look like a real ledger.
      soldTo: `S${2000000 + n * 37 + Math.floor(rnd() * 30)}`,
      shipTo: `T${3000000 + n * 41 + Math.floor(rnd() * 30)}`,
      address1: `${100 + Math.floor(rnd() * 9800)} ${pick(rnd, STREETS)} ${pick(rnd, STREET_KINDS)}`,
      address2,
      city: d.city,
      provinceCode: d.state,
      zip: `${d.zipPrefix}${digits(rnd, 2)}`,
      phone: `(555) 0${digits(rnd, 2)}-${digits(rnd, 4)}`,
      homeDeliveryOnly: d.homeDeliveryOnly ?? false,
      verification,
      administratorEmail: verification === "approval" ? administratorEmailFor(d.name) : null,
    };
  });
}

/** Throws when the directory breaks one of its own promises (run by the seed and by the tests). */
export function checkSeedClinics(rows: readonly SeedClinic[]): void {
  const unique = (what: string, values: string[]) => {
    const seen = new Set<string>();
    for (const v of values) {
      if (seen.has(v)) throw new Error(`Duplicate ${what} in the seed clinics: ${v}`);
      seen.add(v);
    }
  };
  unique(
    "clinic number",
    rows.map((r) => r.clinicNumber),
  );
  unique(
    "group id",
    rows.map((r) => r.groupId),
  );
  unique(
    "ship-to",
    rows.map((r) => r.shipTo),
  );
  for (const r of rows) {
    if (stateForZip(r.zip) !== r.provinceCode) throw new Error(`${r.name}: ZIP ${r.zip} is not in ${r.provinceCode}`);
    if (!/^S\d{7}$/.test(r.soldTo) || !/^T\d{7}$/.test(r.shipTo)) throw new Error(`${r.name}: bad sold-to or ship-to`);
  }
  const states = new Set(rows.map((r) => r.provinceCode));
  const missing = US_STATES.filter((s) => !states.has(s.code));
  if (missing.length) throw new Error(`No seed clinic in ${missing.map((s) => s.code).join(", ")}`);
}
