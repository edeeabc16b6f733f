import { randomBytes, scrypt as scryptCb, type ScryptOptions } from "node:crypto";
import { sameBytes } from "../../crypto/sign";

// Password hashing with node:crypto scrypt (ARCHITECTURE §2). Parameters: N = 2^15, r = 8, p = 1
// (32 MiB and ~50–100 ms per hash on one core), a random 16-byte salt per password, a 64-byte key.
// The parameters are stored with every hash ("scrypt$N$r$p$salt$key"), so they can be raised later
// without invalidating old hashes. Comparison is constant-time.

export type ScryptParams = { N: number; r: number; p: number };
export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scryptCb(password.normalize("NFKC"), salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))));
}

const maxmem = (p: ScryptParams) => 128 * p.N * p.r * p.p + 1024 * 1024;

export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...params, maxmem: maxmem(params) });
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, saltB64, keyB64] = stored.split("$");
  if (alg !== "scrypt" || !saltB64 || !keyB64) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const expected = Buffer.from(keyB64, "base64");
  const actual = await scrypt(password, Buffer.from(saltB64, "base64"), expected.length, { ...params, maxmem: maxmem(params) });
  return sameBytes(actual, expected);
}
