// A signed token (server/crypto/signed-token.ts) with some claims changed and its signature kept:
// what someone editing a link by hand would send.
export function withClaims(token: string, change: Record<string, unknown>): string {
  const [header, payload, signature] = token.split(".");
  const claims = { ...JSON.parse(Buffer.from(payload!, "base64url").toString()), ...change };
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${signature}`;
}
