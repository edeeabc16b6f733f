import { data, redirect, type AppLoadContext } from "react-router";
import { clinicSearchSchema, CLINIC_SEARCH_TYPES, groupIdSchema, type ClinicSearchType } from "../../../rules/staff/roles";
import { fieldErrors } from "../../../rules/shared/zod-errors";
import type { ClinicFinderData, ClinicSummary } from "./clinic-types";
import type { ClinicListing } from "../../../server/modules/clinics";

// The clinic step of staff registration and the My Clinic page share this: search the directory,
// join (or switch to) a clinic, leave it. Page forms, so it all works before JavaScript; the same
// workflow as the identity API's join-clinic.

const summary = (c: ClinicListing): ClinicSummary => ({
  groupID: c.groupID,
  clinicID: c.clinicID,
  name: c.name,
  kind: c.kind,
  address: c.address,
  homeDeliveryOnly: c.homeDeliveryOnly,
  needsApproval: c.verification === "approval",
});

/** The finder's data for the signed-in staff member: their current membership and the search in the URL. */
export async function loadClinicFinder(context: AppLoadContext, url: URL): Promise<ClinicFinderData> {
  const customerId = context.customer!.id;
  const { clinics } = context.services;
  const current = await clinics.current(customerId);
  const type = (url.searchParams.get("type") ?? "name") as ClinicSearchType;
  const q = url.searchParams.get("q") ?? "";
  const base = {
    current: current && {
      state: current.membership.state,
      clinic: summary(current.clinic),
      approver: current.membership.state === "pending" ? (current.clinic.administratorEmail ?? "the program team") : null,
    },
    query: { type: CLINIC_SEARCH_TYPES.includes(type) ? type : "name", q },
  };
  if (!q) return { ...base, results: null, total: 0, error: null };
  const parsed = clinicSearchSchema.safeParse({ searchType: type, searchTerm: q, page: url.searchParams.get("page") ?? 1 });
  if (!parsed.success) return { ...base, results: null, total: 0, error: Object.values(fieldErrors(parsed.error))[0] ?? "Check the search." };
  const found = await context.services.membership.searchClinics(customerId, parsed.data, context.clientIp);
  if ("code" in found) return { ...base, results: null, total: 0, error: found.message };
  return { ...base, results: found.results.map(summary), total: found.total, error: null };
}

/** Join or leave, from the finder's forms; where to go afterwards is the page's (`after`). */
export async function clinicFinderAction(context: AppLoadContext, values: Record<string, string>, after: { joined: string; pending: string; left: string }) {
  const customerId = context.customer!.id;
  if (values.intent === "leave") {
    const r = await context.services.membership.leave(customerId);
    if (!r.ok) return data({ errors: { form: r.message } }, { status: 409 });
    return redirect(after.left);
  }
  const groupId = groupIdSchema.safeParse(values.groupID);
  if (!groupId.success) return data({ errors: { form: groupId.error.issues[0]?.message ?? "Choose a clinic." } }, { status: 400 });
  const r = await context.services.membership.join(customerId, groupId.data, context.clientIp);
  if (!r.ok) return data({ errors: { form: r.message } }, { status: r.code === "RATE_LIMITED" ? 429 : r.code === "CLINIC_NOT_FOUND" ? 404 : 409 });
  return redirect(r.state === "active" ? after.joined : after.pending);
}
