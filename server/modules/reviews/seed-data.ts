import { seededRandom } from "../../db/seeded-random";
import type { PetBreedSize, PetLifeStage, PetSpecies } from "./schema";

// About 400 invented, approved reviews over the seed catalogue, so a fresh shop looks lived-in:
// the same on every machine (seeded randomness), text varied by rating, food form and the pet it
// is about, some products with none. They belong to no order line, so none shows "Verified
// purchase" (README says so); every review written in the shop does.

export type SeedProduct = {
  id: number;
  species: string;
  productType: string;
  lifestages: string[];
  breedSizes: string[];
  variantIds: number[];
};

export type SeedReview = {
  productId: number;
  variantId: number | null;
  rating: number;
  title: string;
  body: string;
  nickname: string;
  petSpecies: PetSpecies | null;
  petLifeStage: PetLifeStage | null;
  petBreedSize: PetBreedSize | null;
  state: "approved";
  helpfulCount: number;
  createdAt: Date;
  moderatedAt: Date;
};

const TITLES: Record<number, string[]> = {
  5: [
    "Clean bowl every time",
    "Our new favourite",
    "Worth every penny",
    "Finally, a food that agrees with them",
    "Five stars from the whole pack",
    "Couldn't be happier",
    "A real hit at dinner time",
    "Better coat in a month",
  ],
  4: ["Very good, small quibbles", "Happy with it", "Solid choice", "Good food, a bit pricey", "Likes it a lot", "Would buy again", "Nearly perfect"],
  3: ["It's fine", "Average for the price", "Mixed feelings", "Okay, not a favourite", "Does the job"],
  2: ["Not for us", "Picky eater was not convinced", "Disappointed", "Expected more"],
  1: ["Would not eat it", "Upset stomach, sadly", "Not again", "Did not work for us"],
};

const PET_NAMES = {
  dog: ["Biscuit", "Maple", "Juno", "Otis", "Pepper", "Rufus", "Hazel", "Bruno", "Willow", "Scout", "Toffee", "Ziggy"],
  cat: ["Miso", "Clementine", "Pixel", "Saffron", "Tiger", "Nimbus", "Olive", "Mochi", "Pumpkin", "Sable", "Wren", "Figaro"],
};

const NICKNAMES = [
  "BarkleyMom",
  "K. from Tulsa",
  "Dana R.",
  "Sam the vet tech",
  "Two cats, one couch",
  "Priya L.",
  "Marco",
  "Hound house",
  "J. Okafor",
  "Lena W.",
  "TabbyDad",
  "Greyhound rescue",
  "Rosa M.",
  "Chris P.",
  "Mittens' human",
  "Alder family",
  "Noor",
  "Dog walker Tess",
  "Beau's owner",
  "Quinn",
  "Farmhouse pets",
  "M. Lindqvist",
  "Ivy & Ollie",
  "Retired and rescuing",
];

const OPENERS: Record<PetSpecies, Record<PetLifeStage, string[]>> = {
  dog: {
    "puppy-kitten": ["Our puppy {name} is growing fast", "{name} is four months old and always hungry", "We brought {name} home as a puppy this spring"],
    adult: ["{name} is a busy adult dog", "Our {size}dog {name} has a sensitive stomach", "{name} runs with me every morning"],
    senior: ["{name} is eleven now and slowing down", "Our senior {size}dog {name} has few teeth left", "{name} turned nine this year"],
  },
  cat: {
    "puppy-kitten": ["Our kitten {name} eats like a lion", "{name} is our first kitten", "We adopted {name} at ten weeks"],
    adult: ["{name} is a fussy indoor cat", "Our cat {name} ignores most foods", "{name} is an adult cat who hates change"],
    senior: ["{name} is a senior cat with kidney worries", "Our old cat {name} is fifteen", "{name} is getting on and eats slowly"],
  },
};

const BY_RATING: Record<number, string[]> = {
  5: [
    "and this is the first food {name} finishes every time.",
    "and since switching, the coat is shiny and the energy is back.",
    "and this food has been a complete success: no fuss, no upset tummy.",
  ],
  4: [
    "and {name} likes it a lot, although the price has crept up.",
    "and it works well for us; I only wish the bag resealed better.",
    "and it suits {name}; it took a few days to get used to.",
  ],
  3: [
    "and {name} eats it, but without much excitement.",
    "and it is fine, nothing special compared with what we fed before.",
    "and results are okay; we mix it with another food.",
  ],
  2: ["but {name} leaves half the bowl most days.", "but we saw no difference and the smell is strong.", "but {name} lost interest after the first week."],
  1: ["but {name} refused it after two tries.", "but it gave {name} an upset stomach, so we stopped.", "but it did not agree with {name} at all."],
};

const BY_FORM: Record<string, string[]> = {
  "Dry Food": [
    "The kibble size is right for the bowl and it keeps well.",
    "Kibbles are a good size and the bag lasts us about a month.",
    "Easy to measure and store.",
  ],
  "Wet Food": ["The texture is moist and easy to serve.", "Portions are the right size for one meal.", "Opens easily and there is little waste."],
  Treats: ["Great as a training reward, easy to break into pieces.", "They fit in a pocket for walks.", "Small enough to give a few a day."],
};

const CLOSERS: Record<number, string[]> = {
  5: ["Delivery was quick too.", "Already set up Autoship.", "Recommended to our neighbours."],
  4: ["We will keep buying it.", "Good value overall.", ""],
  3: ["Might try another flavour.", "", "Delivery was fine."],
  2: ["We will try something else.", "", "Customer service was helpful though."],
  1: ["Back to our old food.", "", "Your pet may differ, of course."],
};

const RATING_WEIGHTS: [number, number][] = [
  [5, 0.46],
  [4, 0.3],
  [3, 0.11],
  [2, 0.07],
  [1, 0.06],
];

const LIFE_STAGE_OF: Record<string, PetLifeStage> = {
  puppy: "puppy-kitten",
  kitten: "puppy-kitten",
  "adult-dog": "adult",
  "adult-cat": "adult",
  "senior-dog": "senior",
  "senior-cat": "senior",
};

const DAY_MS = 24 * 60 * 60_000;

/** The seed reviews of the given products, as of `now` (dates are spread over the 18 months before). */
export function buildSeedReviews(products: readonly SeedProduct[], now: Date, target = 400): SeedReview[] {
  const rnd = seededRandom("kibble-reviews-v1");
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const sorted = [...products].sort((a, b) => a.id - b.id);
  // About one product in seven has no reviews yet; the rest share the target, some far more than others.
  const reviewed = sorted.filter(() => rnd() >= 0.15);
  const weights = reviewed.map(() => 0.3 + rnd() * rnd() * 3);
  const total = weights.reduce((s, w) => s + w, 0);
  const counts = weights.map((w) => Math.max(1, Math.round((w / total) * target)));
  const out: SeedReview[] = [];
  reviewed.forEach((p, i) => {
    const species: PetSpecies = p.species === "cat" ? "cat" : "dog";
    for (let n = 0; n < counts[i]; n++) {
      let r = rnd();
      let rating = 5;
      for (const [value, weight] of RATING_WEIGHTS) {
        if (r < weight) {
          rating = value;
          break;
        }
        r -= weight;
      }
      const stages = p.lifestages.map((l) => LIFE_STAGE_OF[l]).filter(Boolean);
      const withPet = rnd() < 0.85;
      const lifeStage: PetLifeStage = stages.length ? pick(stages) : "adult";
      const breedSize = species === "dog" && p.breedSizes.length && rnd() < 0.8 ? (pick(p.breedSizes) as PetBreedSize) : null;
      const name = pick(PET_NAMES[species]);
      const sizeWord = breedSize ? `${breedSize}-breed ` : "";
      const opener = pick(OPENERS[species][lifeStage]).replaceAll("{name}", name).replaceAll("{size}", sizeWord);
      const body = [
        `${opener}, ${pick(BY_RATING[rating]).replaceAll("{name}", name)}`,
        pick(BY_FORM[p.productType] ?? BY_FORM["Dry Food"]),
        pick(CLOSERS[rating]),
      ]
        .filter(Boolean)
        .join(" ");
      const createdAt = new Date(now.getTime() - Math.floor(rnd() * 540 * DAY_MS) - DAY_MS);
      out.push({
        productId: p.id,
        variantId: p.variantIds.length ? pick(p.variantIds) : null,
        rating,
        title: pick(TITLES[rating]),
        body,
        nickname: pick(NICKNAMES),
        petSpecies: withPet ? species : null,
        petLifeStage: withPet ? lifeStage : null,
        petBreedSize: withPet ? breedSize : null,
        state: "approved",
        helpfulCount: Math.floor(rnd() * rnd() * 30),
        createdAt,
        moderatedAt: new Date(Math.min(now.getTime(), createdAt.getTime() + Math.floor(rnd() * 2 * DAY_MS) + 3_600_000)),
      });
    }
  });
  return out;
}
