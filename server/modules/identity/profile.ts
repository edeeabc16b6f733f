import { and, asc, count, eq, sql } from "drizzle-orm";
import type { AddressInput, ProfileInput } from "../../../rules/account/forms";
import type { Db } from "../../db/client";
import { matchSavedAddress } from "../../../rules/staff/clinic-address";
import { isUuid, type Failure } from "./results";
import { customerAddresses, customerMetafields, customers } from "./schema";
import { addressView, toCustomerView, type AddressRow, type AddressView, type CustomerView, type MetafieldRow } from "./view";

// The customer's profile, address book and metafields (SPEC §3). Every read or write is scoped by
// the customer id the caller proved with a session, so no function here reaches another customer's
// rows. Address and metafield writes of one customer are serialised by a lock on the customer row,
// which also keeps the per-customer maximums exact under concurrent requests.

/** An address book is for the customer's own places, not storage: this many at most. */
export const MAX_ADDRESSES_PER_CUSTOMER = 50;
/** SPEC §3 uses five metafield keys; this leaves room for API clients without being storage. */
export const MAX_METAFIELDS_PER_CUSTOMER = 50;

export const ADDRESS_LIMIT_MESSAGE = `You can keep at most ${MAX_ADDRESSES_PER_CUSTOMER} addresses. Delete one to add another.`;
export const METAFIELD_LIMIT_MESSAGE = `A customer can have at most ${MAX_METAFIELDS_PER_CUSTOMER} metafields. Delete one to add another.`;

export type MetafieldInput = { namespace: string; key: string; type?: string; value: string };

/** The customer's address book as stored, in the caller's transaction (a checkout matches its ship-to against it). */
export async function addressBookOf(conn: Db, customerId: string) {
  return conn.select().from(customerAddresses).where(eq(customerAddresses.customerId, customerId));
}

/** One of the customer's own saved addresses, in the caller's transaction: anyone else's (or a malformed id) is not found. */
export async function savedAddressOf(conn: Db, customerId: string, addressId: string) {
  if (!isUuid(addressId)) return null;
  const [row] = await conn
    .select()
    .from(customerAddresses)
    .where(and(eq(customerAddresses.id, addressId), eq(customerAddresses.customerId, customerId)));
  return row ?? null;
}

export function createProfile(db: Db, deps: { clock: () => Date }) {
  const { clock } = deps;

  async function loadCustomer(conn: Db, customerId: string): Promise<CustomerView | null> {
    const [row] = await conn.select().from(customers).where(eq(customers.id, customerId));
    if (!row) return null;
    const [addresses, metafields] = await Promise.all([
      conn
        .select()
        .from(customerAddresses)
        .where(eq(customerAddresses.customerId, customerId))
        .orderBy(asc(customerAddresses.createdAt), asc(customerAddresses.id)),
      conn
        .select()
        .from(customerMetafields)
        .where(eq(customerMetafields.customerId, customerId))
        .orderBy(asc(customerMetafields.namespace), asc(customerMetafields.key)),
    ]);
    return toCustomerView(row, addresses as AddressRow[], metafields as MetafieldRow[]);
  }

  const addressValues = (a: AddressInput) => ({
    firstName: a.firstName,
    lastName: a.lastName,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    provinceCode: a.provinceCode,
    zip: a.zip,
    countryCode: a.countryCode,
    phone: a.phone,
  });

  /**
   * Adds an address; the first one becomes the default. Null when the customer is gone. With
   * `reuseSame`, an address already in the book (SPEC §5: address1, address2, city, province code and
   * zip all match) is answered instead of a copy — decided under the customer's row lock.
   */
  async function addAddress(
    customerId: string,
    address: AddressInput,
    makeDefault = false,
    reuseSame = false,
  ): Promise<{ ok: true; id: string } | Failure<"ADDRESS_LIMIT"> | null> {
    return db.transaction(async (tx) => {
      const [owner] = await tx.select({ defaultAddressId: customers.defaultAddressId }).from(customers).where(eq(customers.id, customerId)).for("update");
      if (!owner) return null;
      if (reuseSame) {
        const same = matchSavedAddress(address, await addressBookOf(tx, customerId));
        if (same) return { ok: true as const, id: same.id };
      }
      const [{ n }] = await tx.select({ n: count() }).from(customerAddresses).where(eq(customerAddresses.customerId, customerId));
      if (n >= MAX_ADDRESSES_PER_CUSTOMER) return { ok: false as const, code: "ADDRESS_LIMIT" as const, field: "address", message: ADDRESS_LIMIT_MESSAGE };
      const [row] = await tx
        .insert(customerAddresses)
        .values({ customerId, ...addressValues(address), createdAt: clock() })
        .returning();
      if (makeDefault || !owner.defaultAddressId) await tx.update(customers).set({ defaultAddressId: row.id }).where(eq(customers.id, customerId));
      return { ok: true as const, id: row.id };
    });
  }

  async function defaultAddress(customerId: string): Promise<AddressView | null> {
    if (!isUuid(customerId)) return null;
    const [row] = await db
      .select({ address: customerAddresses })
      .from(customers)
      .innerJoin(customerAddresses, and(eq(customerAddresses.id, customers.defaultAddressId), eq(customerAddresses.customerId, customers.id)))
      .where(eq(customers.id, customerId));
    return row ? addressView(row.address as AddressRow, row.address.id) : null;
  }

  return {
    customer: (customerId: string) => loadCustomer(db, customerId),

    async updateProfile(customerId: string, input: Partial<ProfileInput>): Promise<CustomerView | null> {
      const set: Partial<typeof customers.$inferInsert> = { updatedAt: clock() };
      if (input.firstName !== undefined) set.firstName = input.firstName;
      if (input.lastName !== undefined) set.lastName = input.lastName;
      if (input.phone !== undefined) set.phone = input.phone;
      if (input.acceptsMarketing !== undefined) set.acceptsMarketing = input.acceptsMarketing;
      await db.update(customers).set(set).where(eq(customers.id, customerId));
      return loadCustomer(db, customerId);
    },

    /** The customer's default address, or null (none, or no such customer): one query (the account dashboard). */
    defaultAddress,

    /** The ZIP of the customer's default address, or null (none, or no such customer). */
    defaultAddressZip: async (customerId: string): Promise<string | null> => (await defaultAddress(customerId))?.zip ?? null,

    async metafield(customerId: string, namespace: string, key: string, conn: Db = db): Promise<MetafieldRow | null> {
      const [row] = await conn
        .select()
        .from(customerMetafields)
        .where(and(eq(customerMetafields.customerId, customerId), eq(customerMetafields.namespace, namespace), eq(customerMetafields.key, key)));
      return (row as MetafieldRow | undefined) ?? null;
    },

    /**
     * Upserts metafields (SPEC §3) in one transaction; the last value wins when a key comes twice.
     * Refused, with nothing written, when the new keys would take the customer over
     * MAX_METAFIELDS_PER_CUSTOMER (SPEC §5: callers that save their own keys may ignore that).
     */
    async setMetafields(customerId: string, fields: readonly MetafieldInput[]): Promise<{ ok: true } | Failure<"METAFIELD_LIMIT">> {
      const byKey = new Map(fields.map((f) => [`${f.namespace}\u0000${f.key}`, f]));
      if (byKey.size === 0) return { ok: true };
      const now = clock();
      return db.transaction(async (tx) => {
        await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for("update");
        const existing = await tx
          .select({ namespace: customerMetafields.namespace, key: customerMetafields.key })
          .from(customerMetafields)
          .where(eq(customerMetafields.customerId, customerId));
        const have = new Set(existing.map((m) => `${m.namespace}\u0000${m.key}`));
        const added = [...byKey.keys()].filter((k) => !have.has(k)).length;
        if (added > 0 && existing.length + added > MAX_METAFIELDS_PER_CUSTOMER)
          return { ok: false as const, code: "METAFIELD_LIMIT" as const, field: "updateInput.metafields", message: METAFIELD_LIMIT_MESSAGE };
        await tx
          .insert(customerMetafields)
          .values(
            [...byKey.values()].map((f) => ({
              customerId,
              namespace: f.namespace,
              key: f.key,
              type: f.type ?? "single_line_text_field",
              value: f.value,
              updatedAt: now,
            })),
          )
          .onConflictDoUpdate({
            target: [customerMetafields.customerId, customerMetafields.namespace, customerMetafields.key],
            set: { value: sql`excluded.value`, type: sql`excluded.type`, updatedAt: now },
          });
        return { ok: true as const };
      });
    },

    /** Deletes one of the customer's metafields; null when it is not theirs (or gone). */
    async deleteMetafield(customerId: string, metafieldId: string): Promise<string | null> {
      if (!isUuid(metafieldId)) return null;
      const [row] = await db
        .delete(customerMetafields)
        .where(and(eq(customerMetafields.id, metafieldId), eq(customerMetafields.customerId, customerId)))
        .returning({ id: customerMetafields.id });
      return row?.id ?? null;
    },

    async deleteMetafieldByKey(customerId: string, namespace: string, key: string): Promise<void> {
      await db
        .delete(customerMetafields)
        .where(and(eq(customerMetafields.customerId, customerId), eq(customerMetafields.namespace, namespace), eq(customerMetafields.key, key)));
    },

    addAddress,

    /** The id of the saved address matching `address` (SPEC §5), adding it when there is none; null when it cannot be added. */
    async savedAddressFor(customerId: string, address: AddressInput): Promise<string | null> {
      const added = await addAddress(customerId, address, false, true);
      return added?.ok ? added.id : null;
    },

    /** addAddress for callers that only need the new id: null when not added (customer gone, or at the maximum). */
    async createAddress(customerId: string, address: AddressInput, makeDefault = false): Promise<string | null> {
      const added = await addAddress(customerId, address, makeDefault);
      return added?.ok ? added.id : null;
    },

    /** Null when the address is not one of the customer's. */
    async updateAddress(customerId: string, addressId: string, address: AddressInput): Promise<string | null> {
      if (!isUuid(addressId)) return null;
      const [row] = await db
        .update(customerAddresses)
        .set(addressValues(address))
        .where(and(eq(customerAddresses.id, addressId), eq(customerAddresses.customerId, customerId)))
        .returning({ id: customerAddresses.id });
      return row?.id ?? null;
    },

    /** Deleting the default address makes the oldest remaining one the default. */
    async deleteAddress(customerId: string, addressId: string): Promise<string | null> {
      if (!isUuid(addressId)) return null;
      return db.transaction(async (tx) => {
        const [owner] = await tx.select({ defaultAddressId: customers.defaultAddressId }).from(customers).where(eq(customers.id, customerId)).for("update");
        if (!owner) return null;
        const [gone] = await tx
          .delete(customerAddresses)
          .where(and(eq(customerAddresses.id, addressId), eq(customerAddresses.customerId, customerId)))
          .returning({ id: customerAddresses.id });
        if (!gone) return null;
        if (owner.defaultAddressId === addressId) {
          const [next] = await tx
            .select({ id: customerAddresses.id })
            .from(customerAddresses)
            .where(eq(customerAddresses.customerId, customerId))
            .orderBy(asc(customerAddresses.createdAt), asc(customerAddresses.id))
            .limit(1);
          await tx
            .update(customers)
            .set({ defaultAddressId: next?.id ?? null })
            .where(eq(customers.id, customerId));
        }
        return gone.id;
      });
    },

    async setDefaultAddress(customerId: string, addressId: string): Promise<boolean> {
      if (!isUuid(addressId)) return false;
      const updated = await db
        .update(customers)
        .set({ defaultAddressId: addressId, updatedAt: clock() })
        .where(
          and(
            eq(customers.id, customerId),
            sql`exists (select 1 from ${customerAddresses} where ${customerAddresses.id} = ${addressId} and ${customerAddresses.customerId} = ${customerId})`,
          ),
        )
        .returning({ id: customers.id });
      return updated.length > 0;
    },
  };
}
