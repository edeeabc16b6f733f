// Title and meta description of a category listing (/products/{species}/{category}/{detail}):
// "Dog Food", "Puppy Food", "Dry Cat Food", a brand's name, "Large Breed Dog Food"…

export type CategoryCopyInput = {
  species: "dog" | "cat";
  /** The category slug of SPEC §2 and its label (null: the species page). */
  category: { slug: string; label: string } | null;
  /** The chosen option (the {detail} segment), null when the URL has none. */
  option: { slug: string; label: string } | null;
  siteTitle?: string;
};

const SPECIES_WORD = { dog: "Dog", cat: "Cat" } as const;

/** "Dry Food" + Cat → "Dry Cat Food"; "Treats" → "Cat Treats"; "Pouch" → "Cat Food Pouches". */
function formTitle(label: string, species: string): string {
  if (/\bfood$/i.test(label)) return `${label.replace(/\s*food$/i, "")} ${species} Food`.trim();
  if (/^treats?$/i.test(label)) return `${species} Treats`;
  const plural = /(ch|sh|s|x)$/i.test(label) ? `${label}es` : `${label}s`;
  return `${species} Food ${plural}`;
}

/** Whether a label already names what is sold ("Puppy Food", "Adult Dog Food", "Cat Treats"). */
const namesFood = (label: string) => /\b(food|treats?)\b/i.test(label);
const namesPet = (label: string) => /\b(dog|cat|puppy|kitten)s?\b/i.test(label);

export function categoryTitle({ species, category, option }: CategoryCopyInput): string {
  const pet = SPECIES_WORD[species];
  const food = `${pet} Food`;
  if (!category || category.slug === "species") return food;
  if (!option) {
    // A category without a detail: the brand families have their own name; the rest say what they group.
    if (category.slug === "house-brand") return `${category.label} ${food}`;
    if (category.slug === "prescription-diet") return `${namesFood(category.label) ? category.label : `${category.label} ${food}`}`;
    return `${food} by ${category.label}`;
  }
  const label = option.label.trim();
  switch (category.slug) {
    case "brand":
    case "house-brand":
    case "sub-brand":
      return label;
    case "prescription-diet":
      return `${label} Prescription ${food}`;
    case "food-form":
      return formTitle(label, pet);
    case "pet-age":
      if (namesFood(label)) return label;
      // "Puppy" → "Puppy Food"; "Adult Dog" → "Adult Dog Food"; "Adult" → "Adult Dog Food".
      return namesPet(label) ? `${label} Food` : `${label} ${food}`;
    case "weight":
    case "type":
      return `${food}: ${label}`;
    default:
      return namesFood(label) ? label : `${label} ${food}`;
  }
}

/** A meta description of one or two sentences, unique per category page. */
export function categoryDescription(input: CategoryCopyInput): string {
  const title = categoryTitle(input);
  const pets = input.species === "dog" ? "dogs and puppies" : "cats and kittens";
  const where = input.siteTitle ? ` at ${input.siteTitle}` : "";
  if (!input.category || input.category.slug === "species") {
    return `Shop ${title.toLowerCase()}${where}: dry food, wet food and treats for ${pets}, with free shipping on qualifying orders and autoship savings.`;
  }
  if (input.category.slug === "brand" || input.category.slug === "house-brand") {
    return `Shop ${title} food for ${pets}${where}. Compare recipes, sizes and flavours and order online.`;
  }
  return `Shop ${title}${where}. Compare recipes, sizes and flavours for ${pets}, and order online.`;
}
