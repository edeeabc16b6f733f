import { daysBefore, narrowsByShopData, type Segment } from "../../rules/marketing/segment";
import type { Db } from "../db/client";
import { customersWhoCancelledAutoship, customersWithActiveAutoship } from "../modules/autoship";
import { skusOfSpecies } from "../modules/catalog";
import { customersOfAccountGroup, emailsOfCustomers } from "../modules/identity";
import type { AudienceMatch } from "../modules/marketing";
import { customersByOrderHistory, customersWhoBoughtSkus } from "../modules/orders";

// Which accounts a campaign's segment narrows to, from the shop data of four modules, each asked
// through its door with one indexed query per condition (never one per customer):
//
// 1. each condition the segment sets gives a set of customer ids (orders: last order and lifetime
//    spend; the catalog's SKUs for a species, then the orders holding them; Autoship: active or
//    cancelled since; identity: the staff account group);
// 2. the sets are intersected (all conditions hold), then the accounts' addresses are read, so a
//    subscriber matches by account or by the account's address (a footer sign-up has no account);
// 3. a segment with no shop-data condition narrows nothing (null): the topic's whole list.

export type AudienceDeps = { db: Db };

export async function audienceOf(deps: AudienceDeps, segment: Segment, now: Date): Promise<AudienceMatch> {
  if (!narrowsByShopData(segment)) return null;
  const { db } = deps;
  const site = segment.site;
  const sets: Promise<string[]>[] = [];
  if (segment.lastOrder !== "any" || segment.minSpendCents !== null) {
    const cutoff = segment.lastOrderDays === null ? null : daysBefore(now, segment.lastOrderDays);
    const lastOrder = cutoff === null ? null : segment.lastOrder === "older" ? { before: cutoff } : { since: cutoff };
    sets.push(customersByOrderHistory(db, { site, lastOrder, minSpendCents: segment.minSpendCents }));
  }
  if (segment.species !== "any") sets.push(skusOfSpecies(db, segment.species).then((skus) => customersWhoBoughtSkus(db, site, skus)));
  if (segment.autoship === "active") sets.push(customersWithActiveAutoship(db, site));
  if (segment.autoship === "cancelled") sets.push(customersWhoCancelledAutoship(db, site, daysBefore(now, segment.autoshipDays ?? 0)));
  if (segment.accountGroup !== null) sets.push(customersOfAccountGroup(db, segment.accountGroup));
  const [first, ...rest] = await Promise.all(sets);
  const customerIds = rest.reduce((kept, set) => {
    const s = new Set(set);
    return kept.filter((id) => s.has(id));
  }, first);
  return { customerIds, emails: await emailsOfCustomers(db, customerIds) };
}
