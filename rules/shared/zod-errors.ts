import type { z } from "zod";

/**
 * Zod issues → `{ field: first message }`, keyed by the issue's dotted path ("lineItems.0.quantity");
 * an issue about the whole input goes under `root` ("form" on a page, "body" in the API's 400 answer).
 */
export function fieldErrors(error: z.ZodError, root = "form"): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.length ? issue.path.join(".") : root] ??= issue.message;
  return fields;
}
