import {
  parseCauseSettings,
  parseSegmentSettings,
  parseStoreSettings,
  type CauseListQuery,
  type SegmentSettings,
  type StoreSettings,
} from "../../rules/console/donation-settings-input";
import { type ReportMonth } from "../../rules/donations/monthly-report";
import { isUuid } from "../../rules/shared/ids";
import type { Db } from "../db/client";
import {
  activeCauses,
  activeSegmentAt,
  causeList,
  causeRow,
  donationReport,
  insertSegment,
  lockCause,
  lockSegment,
  lockStore,
  portfolioCharities,
  segmentRow,
  segmentsOf,
  storeList,
  storeRow,
  storesDefaultingTo,
  writeCause,
  writeSegment,
  writeStore,
} from "../modules/donations";
import type { CauseRow, SegmentRow, StoreRow } from "../modules/donations";
import type { Operator, OperatorsService } from "../modules/operators";
import { consoleGuard, type Denied } from "./console";

// The console's Donations writes: the store configuration, a cause's multiplier, default flag and
// shown/hidden state, and customer segments (create, edit, activate, deactivate). Each one: the role
// check (consoleGuard: a refusal is audited and answered 403), the form validated
// (rules/console/donation-settings-input.ts, errors named by field), then one transaction that locks the row,
// checks what only the database knows (the causes named exist and are shown, no two active segments
// share a priority, a store's default cause is not hidden), writes, and writes the audit entry with
// the state before and after — so an entry exists exactly when the change does.
//
// Lock order, everywhere: the store, then its segment or the causes it names; hiding a cause locks
// only the cause (see activeCauses). The provider's API reads these rows on every call (no cache),
// so the widget's next call sees a saved change.

export type Invalid = { ok: false; code: "INVALID"; message: string; errors: Record<string, string> };
type NotFound = { ok: false; code: "NOT_FOUND"; message: string };
type Done<T = object> = { ok: true } & T;

const invalid = (errors: Record<string, string>): Invalid => ({
  ok: false,
  code: "INVALID",
  message: Object.values(errors)[0] ?? "Check the fields marked.",
  errors,
});

/** What the audit log keeps of a store: every setting an operator sets. */
const storeState = (s: StoreRow) => ({
  name: s.name,
  activeCampaigns: s.activeCampaigns,
  defaultDonationType: s.defaultDonationType,
  defaultDonationHundredths: s.defaultDonationHundredths,
  defaultCauseId: s.defaultCauseId,
  defaultCauseIds: s.defaultCauseIds,
  featuredCauseIds: s.featuredCauseIds,
  isActive: s.isActive,
  letShoppersChoose: s.letShoppersChoose,
  searchEnabled: s.searchEnabled,
  isEmbeddedConfirmation: s.isEmbeddedConfirmation,
  isExperienceActive: s.isExperienceActive,
  primaryCurrency: s.primaryCurrency,
  addressInformation: s.addressInformation,
  contactInformation: s.contactInformation,
  targetCssSelector: s.targetCssSelector,
  customCss: s.customCss,
});

const causeState = (c: Pick<CauseRow, "multiplierHundredths" | "isDefault" | "active">) => ({
  multiplierHundredths: c.multiplierHundredths,
  isDefault: c.isDefault,
  active: c.active,
});

const segmentState = (s: SegmentRow | (SegmentSettings & { storeId?: string })) => ({
  name: s.name,
  description: s.description,
  isActive: s.isActive,
  excludeSegment: s.excludeSegment,
  frontEndSource: s.frontEndSource,
  frontEndPropertyName: s.frontEndPropertyName,
  backEndPropertyName: s.backEndPropertyName,
  valueCategory: s.valueCategory,
  specifiedValues: s.specifiedValues,
  priorityIndex: s.priorityIndex,
  donationAction: s.donationAction,
  donationActionValue: s.donationActionValue,
});

export type DonationsConsoleDeps = { db: Db; operators: OperatorsService };

export function createDonationsConsole({ db, operators }: DonationsConsoleDeps) {
  const allowed = consoleGuard(operators);
  const notFound = async (operator: Operator, action: string, targetType: string, targetId: string, what: string): Promise<NotFound> => {
    await operators.audit({ operator, action, targetType, targetId, outcome: "failed", after: { error: "NOT_FOUND" } });
    return { ok: false, code: "NOT_FOUND", message: `No such ${what}.` };
  };

  /** The store's default and listed causes, each shown; the errors name the field that lists a missing one. */
  async function unknownCauses(tx: Db, s: StoreSettings): Promise<Record<string, string>> {
    const fields = { defaultCauseId: s.defaultCauseId ? [s.defaultCauseId] : [], defaultCauseIds: s.defaultCauseIds, featuredCauseIds: s.featuredCauseIds };
    const known = await activeCauses(tx, Object.values(fields).flat(), true);
    const errors: Record<string, string> = {};
    for (const [field, ids] of Object.entries(fields)) {
      const missing = ids.filter((id) => !known.has(id));
      if (missing.length) errors[field] = `No shown cause with the id ${missing.join(", ")}`;
    }
    return errors;
  }

  /** Segments write under the store's lock: "no two active segments at one priority" holds against a concurrent write. */
  async function priorityClash(
    tx: Db,
    storeId: string,
    s: { isActive: boolean; priorityIndex: number },
    exceptId: string | null,
  ): Promise<Record<string, string> | null> {
    if (!s.isActive) return null;
    const other = await activeSegmentAt(tx, storeId, s.priorityIndex, exceptId);
    return other ? { priorityIndex: `The active segment "${other.name}" already has priority ${s.priorityIndex}: the first match would be a coin toss` } : null;
  }

  return {
    stores: () => storeList(db),
    store: (storeId: string) => storeRow(db, storeId),
    causeList: (query: CauseListQuery & { pageSize: number }) => causeList(db, query),
    async cause(causeId: string) {
      const cause = await causeRow(db, causeId);
      if (!cause) return null;
      const [charities, defaultOf] = await Promise.all([cause.kind === "portfolio" ? portfolioCharities(db, causeId) : [], storesDefaultingTo(db, causeId)]);
      return { cause, charities, defaultOf };
    },
    /** The names of those of these causes that exist and are shown (the store form names what its ids point at). */
    causeNames: (ids: readonly string[]) => activeCauses(db, ids),
    segments: (storeId: string) => segmentsOf(db, storeId),
    segment: async (segmentId: string) => (isUuid(segmentId) ? segmentRow(db, segmentId) : null),
    /** The month's donation report of one store (one grouped query). */
    report: (storeId: string, month: ReportMonth) => donationReport(db, storeId, month.start, month.end),

    /** Every store setting an operator sets (custom CSS is refused and kept empty: see console-donation-input.ts). */
    async updateStore(operator: Operator, storeId: string, raw: Record<string, unknown>): Promise<Done | Invalid | NotFound | Denied> {
      const action = "donation_store.update";
      const denied = await allowed(operator, "donations.manage", action, "donation_store", storeId);
      if (denied) return denied;
      const parsed = parseStoreSettings(raw);
      if (!parsed.ok) return invalid(parsed.errors);
      const s = parsed.input;
      const outcome = await db.transaction(async (tx): Promise<"missing" | Invalid | "done"> => {
        const before = await lockStore(tx, storeId);
        if (!before) return "missing";
        const errors = await unknownCauses(tx, s);
        if (Object.keys(errors).length) return invalid(errors);
        const patch = { ...s, customCss: "" };
        await writeStore(tx, storeId, patch);
        await operators.audit(
          {
            operator,
            action,
            targetType: "donation_store",
            targetId: storeId,
            outcome: "ok",
            before: storeState(before),
            after: storeState({ ...before, ...patch }),
          },
          tx,
        );
        return "done";
      });
      if (outcome === "missing") return notFound(operator, action, "donation_store", storeId, "donation store");
      return outcome === "done" ? { ok: true } : outcome;
    },

    /** A cause's multiplier, default flag and whether shoppers see it; a store's default cause cannot be hidden. */
    async updateCause(operator: Operator, causeId: string, raw: Record<string, unknown>): Promise<Done | Invalid | NotFound | Denied> {
      const action = "donation_cause.update";
      const denied = await allowed(operator, "donations.manage", action, "donation_cause", causeId);
      if (denied) return denied;
      const parsed = parseCauseSettings(raw);
      if (!parsed.ok) return invalid(parsed.errors);
      const s = parsed.input;
      const outcome = await db.transaction(async (tx): Promise<"missing" | Invalid | "done"> => {
        const before = await lockCause(tx, causeId);
        if (!before) return "missing";
        if (before.active && !s.active) {
          const stores = await storesDefaultingTo(tx, causeId);
          if (stores.length)
            return invalid({
              active: `${before.name} is a default cause of ${stores.map((x) => `"${x.name}"`).join(", ")}: choose another default there first`,
            });
        }
        await writeCause(tx, causeId, { multiplierHundredths: s.multiplier, isDefault: s.isDefault, active: s.active });
        await operators.audit(
          {
            operator,
            action,
            targetType: "donation_cause",
            targetId: causeId,
            outcome: "ok",
            before: causeState(before),
            after: causeState({ multiplierHundredths: s.multiplier, isDefault: s.isDefault, active: s.active }),
          },
          tx,
        );
        return "done";
      });
      if (outcome === "missing") return notFound(operator, action, "donation_cause", causeId, "cause");
      return outcome === "done" ? { ok: true } : outcome;
    },

    async createSegment(operator: Operator, storeId: string, raw: Record<string, unknown>): Promise<Done<{ segmentId: string }> | Invalid | NotFound | Denied> {
      const action = "donation_segment.create";
      const denied = await allowed(operator, "donations.manage", action, "donation_store", storeId);
      if (denied) return denied;
      const parsed = parseSegmentSettings(raw);
      if (!parsed.ok) return invalid(parsed.errors);
      const s = parsed.input;
      const outcome = await db.transaction(async (tx): Promise<"missing" | Invalid | SegmentRow> => {
        if (!(await lockStore(tx, storeId))) return "missing";
        const clash = await priorityClash(tx, storeId, s, null);
        if (clash) return invalid(clash);
        const row = await insertSegment(tx, storeId, s);
        await operators.audit(
          { operator, action, targetType: "donation_segment", targetId: row.id, outcome: "ok", after: { storeId, ...segmentState(row) } },
          tx,
        );
        return row;
      });
      if (outcome === "missing") return notFound(operator, action, "donation_store", storeId, "donation store");
      return "ok" in outcome ? outcome : { ok: true, segmentId: outcome.id };
    },

    async updateSegment(operator: Operator, segmentId: string, raw: Record<string, unknown>): Promise<Done | Invalid | NotFound | Denied> {
      const action = "donation_segment.update";
      const denied = await allowed(operator, "donations.manage", action, "donation_segment", segmentId);
      if (denied) return denied;
      const parsed = parseSegmentSettings(raw);
      if (!parsed.ok) return invalid(parsed.errors);
      const s = parsed.input;
      const outcome = await db.transaction(async (tx): Promise<"missing" | Invalid | "done"> => {
        const found = isUuid(segmentId) ? await segmentRow(tx, segmentId) : null;
        if (!found || !(await lockStore(tx, found.storeId))) return "missing";
        const before = await lockSegment(tx, segmentId);
        if (!before) return "missing";
        const clash = await priorityClash(tx, before.storeId, s, segmentId);
        if (clash) return invalid(clash);
        await writeSegment(tx, segmentId, s);
        await operators.audit(
          { operator, action, targetType: "donation_segment", targetId: segmentId, outcome: "ok", before: segmentState(before), after: segmentState(s) },
          tx,
        );
        return "done";
      });
      if (outcome === "missing") return notFound(operator, action, "donation_segment", segmentId, "segment");
      return outcome === "done" ? { ok: true } : outcome;
    },

    /** Turns a segment on or off (an inactive segment never matches: SPEC §4). */
    async setSegmentActive(operator: Operator, segmentId: string, active: boolean): Promise<Done | Invalid | NotFound | Denied> {
      const action = active ? "donation_segment.activate" : "donation_segment.deactivate";
      const denied = await allowed(operator, "donations.manage", action, "donation_segment", segmentId);
      if (denied) return denied;
      const outcome = await db.transaction(async (tx): Promise<"missing" | Invalid | "done"> => {
        const found = isUuid(segmentId) ? await segmentRow(tx, segmentId) : null;
        if (!found || !(await lockStore(tx, found.storeId))) return "missing";
        const before = await lockSegment(tx, segmentId);
        if (!before) return "missing";
        const clash = await priorityClash(tx, before.storeId, { isActive: active, priorityIndex: before.priorityIndex }, segmentId);
        if (clash) return invalid({ isActive: clash.priorityIndex });
        await writeSegment(tx, segmentId, { isActive: active });
        await operators.audit(
          {
            operator,
            action,
            targetType: "donation_segment",
            targetId: segmentId,
            outcome: "ok",
            before: { isActive: before.isActive },
            after: { isActive: active },
          },
          tx,
        );
        return "done";
      });
      if (outcome === "missing") return notFound(operator, action, "donation_segment", segmentId, "segment");
      return outcome === "done" ? { ok: true } : outcome;
    },
  };
}

export type DonationsConsole = ReturnType<typeof createDonationsConsole>;
