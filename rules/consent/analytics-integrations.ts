// SPEC §5 analytics integration rule and §8 "Analytics configuration error" for
// POST /api/analytics/config {integrations}: the integration names must be non-empty strings and
// must be "gtm" (the only tag manager the shop loads, through the consent registry).

export const SUPPORTED_INTEGRATIONS = ["gtm"] as const;
export type IntegrationKey = (typeof SUPPORTED_INTEGRATIONS)[number];

export const INVALID_INTEGRATION = "Invalid analytics integration.";
export const HINT_KEYS_MUST_BE_STRINGS = "keys must be strings";
export const HINT_NO_KEY = "no integration key found";

export type IntegrationCheck = { ok: true; keys: IntegrationKey[] } | { ok: false; hint: string };

/**
 * `integrations` is a list of integration names (["gtm"]) or an object keyed by them
 * ({ gtm: { … } }, the values are not read). Answers the names, or the hint of SPEC §8.
 */
export function checkIntegrations(body: unknown): IntegrationCheck {
  const integrations = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>).integrations : undefined;
  let keys: unknown[];
  if (Array.isArray(integrations)) keys = integrations;
  else if (typeof integrations === "object" && integrations !== null) keys = Object.keys(integrations);
  else return { ok: false, hint: HINT_NO_KEY };
  if (keys.length === 0) return { ok: false, hint: HINT_NO_KEY };
  if (keys.length > SUPPORTED_INTEGRATIONS.length * 4) return { ok: false, hint: "too many integration keys" };
  const names: IntegrationKey[] = [];
  for (const key of keys) {
    if (typeof key !== "string") return { ok: false, hint: HINT_KEYS_MUST_BE_STRINGS };
    const name = key.trim();
    if (name === "") return { ok: false, hint: HINT_NO_KEY };
    if (!(SUPPORTED_INTEGRATIONS as readonly string[]).includes(name))
      return { ok: false, hint: `unknown integration "${name.slice(0, 40)}" (supported: gtm)` };
    if (!names.includes(name as IntegrationKey)) names.push(name as IntegrationKey);
  }
  return { ok: true, keys: names };
}

/** The answer's message: SPEC §8's sentence plus the hint. */
export function invalidIntegrationMessage(hint: string): string {
  return `${INVALID_INTEGRATION} Hint: ${hint}.`;
}
