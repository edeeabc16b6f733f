import { seededRandom } from "../../db/seeded-random";
import type { donationCauses, donationSegments, donationStores } from "./schema";

// The donation provider's seed (ARCHITECTURE §5: seed data ships with the code): one active store,
// 60 invented animal charities over the US, 3 portfolios of them, and 2 customer segments. Every
// name, street and website is made up; every EIN starts with "00-", which no real EIN does.
// Deterministic (a seeded generator), so every run gives the same rows.

/** The shop's donation store (x-store-id). */
export const SEED_DONATION_STORE_ID = "5eed0d0a7e5c4a1b9c3d2e1f00c0ffee";
/** The store's default cause, preselected when shoppers may choose. */
export const PAWS_RESCUE_LEAGUE_ID = "00-1000001";
export const SEED_CHARITY_COUNT = 60;
export const SEED_PORTFOLIO_IDS = ["0a11ca75000000000000000000000001", "0a11ca75000000000000000000000002", "0a11ca75000000000000000000000003"] as const;
/** The segment that hides the widget (wholesale accounts). */
export const SEED_EXCLUSION_SEGMENT_ID = "5e600000-0000-4000-8000-000000000002";
/** Loyalty members give 10 % instead of 5 %. */
export const SEED_LOYALTY_SEGMENT_ID = "5e600000-0000-4000-8000-000000000001";

type NewCause = typeof donationCauses.$inferInsert;

/** NTEE code → the provider's category (id, name). SPEC §9: category 3 is the shelter search. */
const CATEGORIES = {
  D20: { id: 3, name: "Animal Shelters & Rescue" },
  D40: { id: 7, name: "Veterinary Care" },
  D61: { id: 8, name: "Service & Therapy Animals" },
  D30: { id: 5, name: "Wildlife Conservation" },
  D60: { id: 9, name: "Animal Welfare Services" },
} as const;
type Ntee = keyof typeof CATEGORIES;

type Place = readonly [city: string, state: string, zip: string];
const PLACES: readonly Place[] = [
  ["Springfield", "IL", "62701"],
  ["Denver", "CO", "80202"],
  ["Aurora", "CO", "80011"],
  ["Austin", "TX", "78701"],
  ["Houston", "TX", "77002"],
  ["Phoenix", "AZ", "85004"],
  ["Portland", "OR", "97204"],
  ["Seattle", "WA", "98101"],
  ["Boise", "ID", "83702"],
  ["Madison", "WI", "53703"],
  ["Columbus", "OH", "43215"],
  ["Nashville", "TN", "37203"],
  ["Atlanta", "GA", "30303"],
  ["Tampa", "FL", "33602"],
  ["Raleigh", "NC", "27601"],
  ["Richmond", "VA", "23219"],
  ["Burlington", "VT", "05401"],
  ["Albany", "NY", "12207"],
  ["Pittsburgh", "PA", "15222"],
  ["Omaha", "NE", "68102"],
];

const FIRST = [
  "Paws",
  "Whisker",
  "Tailwind",
  "Second Chance",
  "Happy Tails",
  "Furever",
  "Lucky Dog",
  "Kindred Critter",
  "Safe Haven",
  "Bright Eyes",
  "Muddy Paw",
  "Gentle Giant",
  "Hopeful Hound",
  "Cozy Cat",
  "Little Lantern",
];
const KIND: Record<Ntee, readonly string[]> = {
  D20: ["Rescue League", "Animal Shelter", "Pet Rescue", "Humane Haven", "Adoption Center", "Cat Sanctuary"],
  D40: ["Pet Clinic Fund", "Veterinary Aid", "Spay & Neuter Project"],
  D61: ["Service Dog Trainers", "Therapy Pets", "Assistance Dog School"],
  D30: ["Wildlife Rehab", "Songbird Refuge"],
  D60: ["Pet Food Pantry", "Senior Pet Helpers"],
};
/** How many charities of each NTEE code (adds up to SEED_CHARITY_COUNT). */
const MIX: readonly [Ntee, number][] = [
  ["D20", 32],
  ["D40", 10],
  ["D61", 10],
  ["D30", 4],
  ["D60", 4],
];
const STREETS = ["Maple", "Oak", "Cedar", "Willow", "Birch", "Elm", "Juniper", "Aspen"];

export function buildSeedCauses(): {
  charities: NewCause[];
  portfolios: NewCause[];
  portfolioCharities: { portfolioId: string; charityId: string; position: number }[];
} {
  const rnd = seededRandom("donations");
  const charities: NewCause[] = [];
  const used = new Set<string>();
  let n = 0;
  for (const [ntee, count] of MIX) {
    for (let i = 0; i < count; i++) {
      n += 1;
      const place = PLACES[(n * 7) % PLACES.length];
      let name = n === 1 ? "Paws Rescue League" : `${FIRST[Math.floor(rnd() * FIRST.length)]} ${KIND[ntee][Math.floor(rnd() * KIND[ntee].length)]}`;
      if (used.has(name)) name = `${name} of ${place[0]}`;
      if (used.has(name)) name = `${name} ${n}`;
      used.add(name);
      const category = CATEGORIES[ntee];
      const slug = name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "");
      // Every fourth charity has no logo: it shows a category icon (0–25) instead.
      const hasLogo = n % 4 !== 0;
      charities.push({
        id: `00-${String(1_000_000 + n).padStart(7, "0")}`,
        kind: "charity",
        name,
        website: `https://${slug}.example.org`,
        logoUrl: hasLogo ? `/donations/logos/${slug}.svg` : null,
        // A cause without a logo shows its category's icon (rules/donations/category-icons.ts).
        categoryIconId: category.id,
        streetAddress: `${100 + Math.floor(rnd() * 9800)} ${STREETS[Math.floor(rnd() * STREETS.length)]} Street`,
        city: place[0],
        state: place[1],
        zip: place[2],
        description: `${name} is an invented ${category.name.toLowerCase()} charity in ${place[0]}, ${place[1]}, used as the shop's sample cause.`,
        multiplierHundredths: 100,
        categoryId: category.id,
        categoryName: category.name,
        headline: `Help ${name} care for animals in ${place[0]}`,
        bannerImageUrl: null,
        isDefault: n === 1,
        nteeFull: ntee,
        nteeMain: ntee.slice(0, 1),
        nteeSub: ntee.slice(1),
      });
    }
  }
  const portfolioDefs = [
    { id: SEED_PORTFOLIO_IDS[0], name: "Shelters of the Mountain West", pick: (c: NewCause) => c.categoryId === 3 && ["CO", "AZ", "ID"].includes(c.state!) },
    { id: SEED_PORTFOLIO_IDS[1], name: "Working Dogs Fund", pick: (c: NewCause) => c.nteeFull === "D61" },
    { id: SEED_PORTFOLIO_IDS[2], name: "Wild and Senior Animals", pick: (c: NewCause) => c.nteeFull === "D30" || c.nteeFull === "D60" },
  ];
  const portfolios: NewCause[] = portfolioDefs.map((p, i) => ({
    id: p.id,
    kind: "portfolio",
    name: p.name,
    website: "",
    logoUrl: null,
    categoryIconId: 9,
    description: `An invented portfolio: ${p.name}, the donation shared equally among its charities.`,
    // The working-dogs portfolio is doubled by its sponsor: ×2.
    multiplierHundredths: i === 1 ? 200 : 100,
    categoryId: 9,
    categoryName: "Animal Welfare Services",
    headline: p.name,
    nteeFull: "D60",
    nteeMain: "D",
    nteeSub: "60",
  }));
  const portfolioCharities = portfolioDefs.flatMap((p) => charities.filter(p.pick).map((c, position) => ({ portfolioId: p.id, charityId: c.id, position })));
  return { charities, portfolios, portfolioCharities };
}

export function buildSeedStore(): typeof donationStores.$inferInsert {
  return {
    id: SEED_DONATION_STORE_ID,
    name: "Kibble & Co. Gives",
    activeCampaigns: [1, 4],
    addressInformation: { address1: "1 Sample Way", city: "Aurora", state: "CO", zip: "80011", country: "US" },
    contactInformation: { name: "Giving Desk", email: "giving@kibble.example", phone: "555-0100" },
    customCss: "",
    defaultCauseId: PAWS_RESCUE_LEAGUE_ID,
    defaultCauseIds: [PAWS_RESCUE_LEAGUE_ID],
    defaultDonationHundredths: 500,
    defaultDonationType: 0,
    featuredCauseIds: [PAWS_RESCUE_LEAGUE_ID, "00-1000002", "00-1000003", SEED_PORTFOLIO_IDS[0]],
    isActive: true,
    isEmbeddedConfirmation: true,
    isExperienceActive: true,
    letShoppersChoose: true,
    searchEnabled: true,
    primaryCurrency: "USD",
    targetCssSelector: "[data-donation-widget]",
    causeMultipliers: {},
    excludedCmsIds: [],
    directDonationCmsIds: [],
    cartDonationCents: 0,
  };
}

export function buildSeedSegments(): (typeof donationSegments.$inferInsert)[] {
  return [
    {
      id: SEED_EXCLUSION_SEGMENT_ID,
      storeId: SEED_DONATION_STORE_ID,
      name: "Wholesale accounts",
      excludeSegment: true,
      frontEndPropertyName: "customerType",
      frontEndSource: 1,
      priorityIndex: 0,
      valueCategory: null,
      specifiedValues: ["wholesale"],
      backEndPropertyName: "customer_type",
      description: "Wholesale buyers see no donation offer.",
    },
    {
      id: SEED_LOYALTY_SEGMENT_ID,
      storeId: SEED_DONATION_STORE_ID,
      name: "Loyalty gold members",
      excludeSegment: false,
      frontEndPropertyName: "kibbleLoyaltyTier",
      frontEndSource: 0,
      priorityIndex: 1,
      valueCategory: 2,
      specifiedValues: ["gold"],
      backEndPropertyName: "loyalty_tier",
      description: "Gold members' orders give 10 %.",
      donationAction: "percentage",
      donationActionValue: 1000,
    },
  ];
}
