// Ids of our own rows are UUIDs (PostgreSQL gen_random_uuid()). Checking the shape first answers
// "not found" for anything else without a query, and keeps text out of uuid columns (a cast error).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` has the shape of a UUID (any version, either case). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
