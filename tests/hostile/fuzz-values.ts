import fc from "fast-check";

// Hostile values shared by the fuzzers: boundaries, wrong types, huge and malformed strings.

export const HUGE = "A".repeat(300_000);

export const nastyStrings: string[] = [
  "",
  " ",
  "\u0000",
  "%E0%A4%A",
  "%",
  "%%",
  "%00",
  "\uD800",
  "\uFFFF",
  "😀".repeat(50),
  "' OR 1=1 --",
  '"; drop table orders; --',
  "<script>alert(1)</script>",
  "../../../../etc/passwd",
  "..%2F..%2Fetc%2Fpasswd",
  "//evil.example",
  "/\\evil.example",
  "javascript:alert(1)",
  "00000000-0000-0000-0000-000000000000",
  "not-a-uuid",
  "gid://shopify/Cart/1",
  "-1",
  "0",
  "1e309",
  "NaN",
  "Infinity",
  "9".repeat(40),
  "a".repeat(201),
  "a".repeat(5001),
  HUGE,
  "ZZ",
  "AUTO35",
  "renewal:00000000-0000-0000-0000-000000000000:2030-01-01",
  "__proto__",
  "constructor",
  "\r\nSet-Cookie: x=1",
];

export const nastyNumbers: number[] = [
  0,
  -1,
  -0,
  1,
  2 ** 31,
  -(2 ** 31),
  2 ** 53,
  -(2 ** 53),
  1e21,
  1e-7,
  0.5,
  999,
  1000,
  10_000_000,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_VALUE,
];

/** Any hostile leaf value, extra ids supplied by the test (another customer's, unknown ones). */
export function hostileValue(ids: () => string[] = () => []): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...nastyStrings) },
    { weight: 3, arbitrary: fc.constantFrom(...nastyNumbers) },
    { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
    { weight: 2, arbitrary: fc.constant(0).chain(() => (ids().length ? fc.constantFrom(...ids()) : fc.uuid())) },
    { weight: 1, arbitrary: fc.uuid() },
  );
  return fc.oneof(
    { weight: 6, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(leaf, { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), leaf, { maxKeys: 3 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        [],
        {},
        [[[[[]]]]],
        Array.from({ length: 500 }, () => 1),
      ),
    },
  );
}

type Json = unknown;

/** Paths to every leaf and container of a JSON value. */
function pathsOf(v: Json, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...pathsOf(x, [...prefix, i])));
  else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) out.push(...pathsOf(x, [...prefix, k]));
  return out;
}

function setAt(v: Json, path: (string | number)[], value: Json | typeof REMOVE): Json {
  if (path.length === 0) return value === REMOVE ? undefined : value;
  const [head, ...rest] = path;
  if (Array.isArray(v)) {
    const copy = [...v];
    if (rest.length === 0 && value === REMOVE) copy.splice(head as number, 1);
    else copy[head as number] = setAt(copy[head as number], rest, value);
    return copy;
  }
  if (v && typeof v === "object") {
    const copy: Record<string, Json> = { ...(v as Record<string, Json>) };
    if (rest.length === 0 && value === REMOVE) delete copy[head as string];
    else copy[head as string] = setAt(copy[head as string], rest, value);
    return copy;
  }
  return v;
}
const REMOVE = Symbol("remove");

/** The sweep's values: each one put, in turn, at every field of a valid example. */
export const SWEEP_VALUES: unknown[] = ["not-a-uuid", "%E0%A4%A", HUGE, -1, 1e21, null, [], {}];

/** Every field of a valid example replaced, one at a time, by each sweep value, and removed. */
export function sweep(example: () => unknown): { label: string; value: () => unknown }[] {
  const out: { label: string; value: () => unknown }[] = [];
  for (const path of pathsOf(example()).filter((p) => p.length > 0)) {
    out.push({ label: `${path.join(".")} removed`, value: () => setAt(example(), path, REMOVE) });
    for (const v of SWEEP_VALUES) out.push({ label: `${path.join(".")} = ${JSON.stringify(v)?.slice(0, 30)}`, value: () => setAt(example(), path, v) });
  }
  return out;
}

/** A valid example with 1–3 mutations: a value replaced by a hostile one, a field removed, an unknown field added. */
export function mutated(example: Json, ids: () => string[] = () => []): fc.Arbitrary<Json> {
  const all = pathsOf(example);
  // Top-level fields (ids, keys) decide most code paths: three times the weight of nested ones.
  const paths = [...all, ...all.filter((p) => p.length === 1), ...all.filter((p) => p.length === 1)];
  const mutation = fc.oneof(
    fc.record({ kind: fc.constant("set" as const), path: fc.constantFrom(...paths), value: hostileValue(ids) }),
    fc.record({ kind: fc.constant("remove" as const), path: fc.constantFrom(...paths) }),
    fc.record({
      kind: fc.constant("add" as const),
      path: fc.constantFrom(
        ...all.filter((p) => {
          const x = p.reduce<Json>((o, k) => (o as Record<string, Json>)?.[k as string], example);
          return x && typeof x === "object" && !Array.isArray(x);
        }),
      ),
      key: fc.constantFrom("__proto__", "constructor", "isAdmin", "customerId", "priceCents", "unknownField", "status", "id"),
      value: hostileValue(ids),
    }),
  );
  const count = fc.oneof({ weight: 7, arbitrary: fc.constant(1) }, { weight: 3, arbitrary: fc.integer({ min: 2, max: 3 }) });
  return count
    .chain((n) => fc.array(mutation, { minLength: n, maxLength: n }))
    .map((ms) => {
      let v = structuredClone(example);
      for (const m of ms) {
        if (m.kind === "set") v = setAt(v, m.path, m.value);
        else if (m.kind === "remove") v = setAt(v, m.path, REMOVE);
        else v = setAt(v, [...m.path, m.key], m.value);
      }
      return v;
    });
}

/** Bad cookies a browser (or an attacker) may send. */
export function hostileCookies(valid: () => Partial<Record<string, string>>[]): fc.Arbitrary<Record<string, string>> {
  const name = fc.constantFrom(
    "sessionToken",
    "col_cart_id",
    "guest_col_cart_id",
    "userLocation",
    "userWarehouse",
    "og_auth",
    "isEligibleForPd",
    "site_password",
  );
  const value = fc.oneof(
    fc.constantFrom("%E0%A4%A", "%", '"', "a=b", "80011::HOME", "::", "x".repeat(5000), "00000000-0000-0000-0000-000000000000", "deleted"),
    fc.string({ maxLength: 30 }).map(encodeURIComponent),
  );
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant({}) },
    { weight: 3, arbitrary: fc.constant(0).chain(() => fc.constantFrom(...(valid() as Record<string, string>[]))) },
    { weight: 3, arbitrary: fc.dictionary(name, value, { maxKeys: 3 }) },
  );
}

/** Bad headers: content types, forwarded-for, languages, a huge header. */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 5, arbitrary: fc.constant({}) },
  {
    weight: 4,
    arbitrary: fc.dictionary(
      fc.constantFrom(
        "content-type",
        "x-forwarded-for",
        "x-forwarded-proto",
        "accept-language",
        "accept",
        "x-store-id",
        "user-agent",
        "referer",
        "if-none-match",
      ),
      fc.constantFrom(
        "text/plain",
        "application/json; charset=utf-16",
        "multipart/form-data; boundary=x",
        "application/x-www-form-urlencoded",
        "1.2.3.4, 5.6.7.8",
        "not-an-ip",
        "https",
        "*/*",
        "x".repeat(4000),
        "zz-ZZ;q=abc",
        '"etag"',
      ),
      { maxKeys: 2 },
    ),
  },
);
