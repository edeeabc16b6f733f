// SPEC §5 and §9 each name "one excluded product type" (its value not shown): the same type, the
// shop's donation product. Its lines hold no warehouse stock and are not stock-checked (§5), and
// never count toward free shipping (§9). One constant, so the two rules cannot drift apart.

export const EXCLUDED_PRODUCT_TYPE = "Donation";

export const isExcludedProductType = (productType: string): boolean => productType === EXCLUDED_PRODUCT_TYPE;
