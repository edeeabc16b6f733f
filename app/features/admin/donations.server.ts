import { data, type AppLoadContext } from "react-router";

// The console's Donations pages, server half: which donation store a page is about, and a posted
// form as the plain object the donations console workflow validates.

/**
 * The stores, and the one this page is about: `?store=` when it names one, else the first (the
 * shop's own). `storeParam` is what links carry: only when there is a choice to keep.
 */
export async function donationStoreOf(context: AppLoadContext, request: Request) {
  const stores = await context.services.consoleDonations.stores();
  const wanted = new URL(request.url).searchParams.get("store");
  const current = stores.find((s) => s.id === wanted) ?? stores[0];
  if (!current) throw data({ message: "There is no donation store yet: it is created with the seed data on the first start." }, { status: 404 });
  return { stores, current, storeParam: stores.length > 1 ? current.id : null };
}

/** The form's fields as strings; the names in `lists` as every value given (checkbox groups). */
export function formObject(form: FormData, lists: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of form) if (typeof value === "string" && !lists.includes(key)) out[key] = value;
  for (const key of lists) out[key] = form.getAll(key).filter((v): v is string => typeof v === "string");
  return out;
}
