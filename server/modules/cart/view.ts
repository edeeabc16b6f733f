import { frequencyLabel, frequencyOfSellingPlan } from "../../../rules/autoship/offer-and-frequency";
import { isAutoshipLineOverLimit, isCartOverLimit, showAutoshipWarning } from "../../../rules/cart/quantity-limits";
import { priceCart, type DiscountRule } from "../../../rules/cart/pricing";
import { freeShippingProgress, type FreeShippingProgress } from "../../../rules/cart/free-shipping";
import { displayedLineWeight, WEIGHT_ATTRIBUTE, WEIGHT_UNIT_ATTRIBUTE } from "../../../rules/shared/weight";
import type { SiteId } from "../../../rules/shared/site";
import type { CartVariant } from "../catalog";
import type { Image, Money, SelectedOption } from "../catalog";
import type { BuyerIdentity, CartAttribute } from "./schema";
import { moneyOf } from "../../../rules/shared/money";

// The cart as the API and the cart page see it: SPEC §3 Cart and Line item, priced.

export type CartLineView = {
  id: string;
  quantity: number;
  attributes: CartAttribute[];
  product: { id: string; handle: string; title: string; productType: string; brand: string };
  variant: {
    id: string;
    adminGraphqlId: string;
    sku: string;
    title: string;
    variantURL: string;
    price: Money;
    compareAtPrice: Money | null;
    image: Image;
    selectedOptions: SelectedOption[];
    inStock: boolean;
    /** The catalogue's unit weight (the staff program's allowance counts it; line attributes are the client's). */
    weight: number;
    weightUnit: string;
  };
  /** Present for autoship lines only (SPEC §3). */
  sellingPlanAllocation: { sellingPlan: { id: string; name: string; frequencyWeeks: number } } | null;
  cost: { amountPerQuantity: Money; compareAtAmountPerQuantity: Money; subtotalAmount: Money; savingsAmount: Money };
  /** Pounds × quantity through the SPEC §9 rounding helper. */
  displayedWeightLbs: number;
  isOverAutoshipLimit: boolean;
};

export type CartView = {
  id: string;
  site: SiteId;
  lineItems: CartLineView[];
  totalQuantity: number;
  buyerIdentity: BuyerIdentity;
  note: string;
  attributes: CartAttribute[];
  discountCodes: { code: string; applicable: boolean; reason: string | null; amount: Money }[];
  cost: {
    subtotalAmount: Money;
    subtotalBeforeSavingsAmount: Money;
    programDiscountAmount: Money;
    discountAmount: Money;
    totalAmount: Money;
    totalSavingsAmount: Money;
  };
  isOverLimit: boolean;
  showAutoshipWarning: boolean;
  freeShipping: FreeShippingProgress;
  updatedAt: string;
};

export type CartRecord = {
  id: string;
  site: SiteId;
  buyerEmail: string | null;
  buyerPhone: string | null;
  buyerCountryCode: string | null;
  note: string;
  attributes: CartAttribute[];
  discountCodes: string[];
  updatedAt: Date;
};

export type LineRecord = {
  id: string;
  variantId: number;
  quantity: number;
  sellingPlanId: string | null;
  attributes: CartAttribute[];
};

export function buildCartView(
  cart: CartRecord,
  lineRecords: readonly LineRecord[],
  variantsById: Map<number, CartVariant>,
  rules: readonly DiscountRule[],
  opts: { now: Date; freeShippingThresholdCents: number; customerHasSubscription: boolean | null },
): CartView {
  // A line whose variant left the site's catalogue is not shown or charged.
  const lines = lineRecords.filter((l) => variantsById.has(l.variantId));
  const priced = priceCart(
    lines.map((l) => {
      const v = variantsById.get(l.variantId)!;
      return {
        quantity: l.quantity,
        priceCents: v.priceCents,
        compareAtCents: v.compareAtCents,
        programPriceCents: v.programPriceCents,
        autoship: l.sellingPlanId !== null,
      };
    }),
    cart.discountCodes,
    rules,
    { site: cart.site, now: opts.now, customerHasSubscription: opts.customerHasSubscription },
  );

  const lineItems: CartLineView[] = lines.map((l, i) => {
    const v = variantsById.get(l.variantId)!;
    const p = priced.lines[i];
    const weeks = frequencyOfSellingPlan(l.sellingPlanId);
    const attr = (key: string) => l.attributes.find((a) => a.key === key)?.value;
    return {
      id: l.id,
      quantity: l.quantity,
      attributes: l.attributes,
      product: { ...v.product, id: String(v.product.id) },
      variant: {
        id: String(v.id),
        adminGraphqlId: `gid://shop/ProductVariant/${v.id}`,
        sku: v.sku,
        title: v.title,
        variantURL: v.variantURL,
        price: v.price,
        compareAtPrice: v.compareAtPrice,
        image: v.image,
        selectedOptions: v.selectedOptions,
        inStock: v.inStock,
        weight: v.weight,
        weightUnit: v.weightUnit,
      },
      sellingPlanAllocation:
        l.sellingPlanId && weeks !== null ? { sellingPlan: { id: l.sellingPlanId, name: `Autoship: ${frequencyLabel(weeks)}`, frequencyWeeks: weeks } } : null,
      cost: {
        amountPerQuantity: moneyOf(p.unitCents),
        compareAtAmountPerQuantity: moneyOf(p.unitBeforeSavingsCents),
        subtotalAmount: moneyOf(p.subtotalCents),
        savingsAmount: moneyOf(p.savingsCents),
      },
      displayedWeightLbs: displayedLineWeight(Number(attr(WEIGHT_ATTRIBUTE) ?? 0), attr(WEIGHT_UNIT_ATTRIBUTE) ?? "lbs", l.quantity),
      isOverAutoshipLimit: l.sellingPlanId !== null && isAutoshipLineOverLimit(l.quantity),
    };
  });

  const totalQuantity = lines.reduce((s, l) => s + l.quantity, 0);
  return {
    id: cart.id,
    site: cart.site,
    lineItems,
    totalQuantity,
    buyerIdentity: { email: cart.buyerEmail, phone: cart.buyerPhone, countryCode: cart.buyerCountryCode },
    note: cart.note,
    attributes: cart.attributes,
    discountCodes: priced.codes.map((c) => ({ code: c.code, applicable: c.applicable, reason: c.reason, amount: moneyOf(c.amountCents) })),
    cost: {
      subtotalAmount: moneyOf(priced.subtotalCents),
      subtotalBeforeSavingsAmount: moneyOf(priced.subtotalBeforeSavingsCents),
      programDiscountAmount: moneyOf(priced.programDiscountCents),
      discountAmount: moneyOf(priced.discountCents),
      totalAmount: moneyOf(priced.totalCents),
      totalSavingsAmount: moneyOf(priced.totalSavingsCents),
    },
    isOverLimit: isCartOverLimit(totalQuantity),
    showAutoshipWarning: showAutoshipWarning(lines.filter((l) => l.sellingPlanId !== null).map((l) => l.quantity)),
    // The checkout's free standard shipping reads this same qualifyingCents (rules/checkout/totals.ts).
    freeShipping: freeShippingProgress(
      lineItems.map((l, i) => ({ productType: l.product.productType, subtotalCents: priced.lines[i].subtotalCents })),
      priced.discountCents,
      opts.freeShippingThresholdCents,
    ),
    updatedAt: cart.updatedAt.toISOString(),
  };
}
