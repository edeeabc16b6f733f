import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { brands, products, variants } from "../modules/catalog/schema";
import { orderLines, orders, type OrderStatus } from "../modules/orders/schema";
import { reviews } from "../modules/reviews/schema";

// Test data for the reviews tests: a small catalogue and orders in a chosen status, written
// straight into the tables (tests may set up data through other modules' tables).

const address = {
  firstName: "Robin",
  lastName: "Vale",
  address1: "4 Fern Row",
  address2: "",
  city: "Aurora",
  provinceCode: "CO",
  zip: "80011",
  countryCode: "US",
  phone: null,
};

/** A brand with `n` products of two variants each; answers the product and variant ids. */
export async function aCatalogue(db: Db, n = 3): Promise<{ productId: number; handle: string; variantIds: [number, number] }[]> {
  const slug = `rv-brand-${randomUUID().slice(0, 8)}`;
  await db.insert(brands).values({ slug, name: "Larkspur Test Kitchen", kind: "house", color: "#336699" });
  const out: { productId: number; handle: string; variantIds: [number, number] }[] = [];
  for (let i = 0; i < n; i++) {
    const handle = `${slug}-food-${i}`;
    const [p] = await db
      .insert(products)
      .values({ handle, title: `Larkspur Recipe ${i}`, description: "Invented test food.", brandSlug: slug, species: "dog", productType: "Dry Food" })
      .returning({ id: products.id });
    const vs = await db
      .insert(variants)
      .values(
        [5, 15].map((lb, position) => ({
          productId: p.id,
          sku: `${handle}-${lb}`,
          position,
          flavor: "Chicken",
          sizeLabel: `${lb} lb Bag`,
          weight: lb,
          weightUnit: "lbs" as const,
          foodForm: "dry" as const,
          packType: "bag" as const,
          priceCents: 1000 + lb * 100,
          imageKey: "test",
        })),
      )
      .returning({ id: variants.id });
    out.push({ productId: p.id, handle, variantIds: [vs[0].id, vs[1].id] });
  }
  return out;
}

/** An order of the customer with one line per variant; answers the order and its line ids. */
export async function anOrder(
  db: Db,
  p: { customerId: string | null; variantIds: number[]; status?: OrderStatus; deliveredAt?: Date; email?: string; site?: "d2c" | "hpsf" },
): Promise<{ orderId: string; number: string; lineIds: string[] }> {
  const [order] = await db
    .insert(orders)
    .values({
      site: p.site ?? "d2c",
      customerId: p.customerId,
      email: p.email ?? "buyer@example.test",
      cartId: randomUUID(),
      status: p.status ?? "delivered",
      shippingMethod: "standard",
      shippingAddress: address,
      billingAddress: address,
      warehouseCode: "W1",
      subtotalCents: 2000,
      discountCents: 0,
      shippingCents: 0,
      serviceChargeCents: 0,
      taxCents: 0,
      totalCents: 2000,
      idempotencyKey: randomUUID(),
      updatedAt: p.deliveredAt ?? sql`now()`,
    })
    .returning({ id: orders.id, number: orders.number });
  const lines = await db
    .insert(orderLines)
    .values(
      p.variantIds.map((variantId, position) => ({
        orderId: order.id,
        position,
        variantId,
        sku: `sku-${variantId}`,
        title: "Chicken / 5 lb Bag",
        productTitle: "Larkspur Recipe",
        quantity: 1,
        unitPriceCents: 1000,
        subtotalCents: 1000,
        discountCents: 0,
        taxCents: 0,
      })),
    )
    .returning({ id: orderLines.id });
  return { orderId: order.id, number: order.number, lineIds: lines.map((l) => l.id) };
}

export const aReview = (orderLineId: string, productId: number, rating = 5) => ({
  productId,
  orderLineId,
  rating,
  title: "Happy dog",
  body: "Our terrier finishes every bowl.",
  nickname: "Robin",
  pet: { species: "dog" as const, lifeStage: "adult" as const, breedSize: "small" as const },
});

export async function storedReview(db: Db, id: string) {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
  return row;
}

export const reviewsOfOrderLine = (db: Db, orderLineId: string) => db.select().from(reviews).where(eq(reviews.orderLineId, orderLineId));

/** A review stored as given (a state and time no submission makes, or none of an order line). */
export async function aStoredReview(db: Db, review: typeof reviews.$inferInsert): Promise<string> {
  const [row] = await db.insert(reviews).values(review).returning({ id: reviews.id });
  return row.id;
}
