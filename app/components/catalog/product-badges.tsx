import { cardBadges, type BadgeTone } from "../../../rules/catalog/product-card";
import type { Variant } from "../../../server/modules/catalog";

// The same badges as the product card (SPEC §3 order, §9 colours and "2 badges max"), for the chosen variant.
const TONE_CLASSES: Record<BadgeTone, string> = {
  error: "bg-error text-white",
  // Dark text on the amber of SPEC §9 for contrast.
  warning: "bg-warning text-ink",
  success: "bg-success text-ink",
  "success-dark": "bg-success-dark text-white",
  primary: "bg-primary text-white",
};

/** One badge's look (catalog.css .badge) in the tone colours of SPEC §9 (shared with the product card). */
export const badgeClass = (tone: BadgeTone) => `badge ${TONE_CLASSES[tone]}`;

export function ProductBadges({ variant, dealSkus }: { variant: Variant; dealSkus: string[] }) {
  const badges = cardBadges(variant, dealSkus);
  if (badges.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Badges" data-testid="product-badges">
      {badges.map((b) => (
        <li key={b.name} className={badgeClass(b.tone)}>
          {b.label}
        </li>
      ))}
    </ul>
  );
}
