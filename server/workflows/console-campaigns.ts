import { parseCampaignContent, parseScheduleAt } from "../../rules/marketing/campaign";
import { describeSegment, parseSegment, type Segment } from "../../rules/marketing/segment";
import { isUuid } from "../../rules/shared/ids";
import type { Db } from "../db/client";
import type { CampaignRow, CampaignService } from "../modules/marketing";
import type { Operator, OperatorsService } from "../modules/operators";
import { audienceOf } from "./campaign-audience";
import { consoleGuard, type Denied } from "./console";

// The console's campaign writes (README "E-mail marketing"): create and edit a draft, test send to
// the operator's own address, schedule or send now, pause, resume, cancel. Each one: the role
// check (marketing.campaigns: owner, manager, marketing; a refusal is audited and answered 403),
// the form read by field (rules/marketing/campaign.ts, rules/marketing/segment.ts), the campaign
// service's move under the campaign's row lock, then the audit entry with the state before and
// after. The live count asks the segment's shop data through campaign-audience.ts.

export type CampaignsConsoleDeps = { db: Db; operators: OperatorsService; campaigns: CampaignService; clock?: () => Date };

type Invalid = { ok: false; code: "INVALID"; message: string; errors: Record<string, string> };
type Refused = { ok: false; code: "NOT_FOUND" | "NOT_ALLOWED"; message: string };

const invalid = (errors: Record<string, string>): Invalid => ({ ok: false, code: "INVALID", message: "Check the fields marked.", errors });
const notFound: Refused = { ok: false, code: "NOT_FOUND", message: "No such campaign." };

/** The content and segment fields of the compose form, each error named by its field. */
function readForm(raw: Record<string, unknown>): { ok: true; content: ReturnType<typeof parseCampaignContent> & { ok: true }; segment: Segment } | Invalid {
  const content = parseCampaignContent(raw);
  const segment = parseSegment(raw);
  if (!content.ok || !segment.ok) return invalid({ ...(content.ok ? {} : content.errors), ...(segment.ok ? {} : segment.errors) });
  return { ok: true, content, segment: segment.segment };
}

export function createCampaignsConsole(deps: CampaignsConsoleDeps) {
  const { operators, campaigns } = deps;
  const allowed = consoleGuard(operators);
  const clock = deps.clock ?? (() => new Date());

  const audit = (operator: Operator, action: string, targetId: string, outcome: "ok" | "failed", before: unknown, after: unknown) =>
    operators.audit({ operator, action, targetType: "campaign", targetId, outcome, before, after });

  /** A move of an existing campaign: the guard, the move, the audit entry. */
  async function moveCampaign(
    operator: Operator,
    id: string,
    name: "schedule" | "pause" | "resume" | "cancel",
    run: () => ReturnType<CampaignService["pause"]>,
    extra: Record<string, unknown> = {},
  ) {
    const action = `campaign.${name}`;
    const denied = await allowed(operator, "marketing.campaigns", action, "campaign", id);
    if (denied) return denied;
    const r = isUuid(id) ? await run() : notFound;
    await audit(operator, action, id, r.ok ? "ok" : "failed", r.ok ? { state: r.from } : null, r.ok ? { state: r.to, ...extra } : { error: r.code });
    return r;
  }

  return {
    list: (q: { page: number; pageSize: number }) => campaigns.list(q),
    get: (id: string) => (isUuid(id) ? campaigns.get(id) : Promise.resolve(null)),
    report: (id: string) => campaigns.report(id),
    preview: (c: CampaignRow) => campaigns.preview(c),

    /** The segment's live count: confirmed, unpaused, unsuppressed subscribers it reaches now. */
    async count(segment: Segment): Promise<number> {
      return campaigns.countAudience(segment, await audienceOf(deps, segment, clock()));
    },

    /** A segment form read on its own (the live count of a form not yet saved). */
    readSegment: (raw: Record<string, unknown>) => parseSegment(raw),

    async create(operator: Operator, raw: Record<string, unknown>): Promise<{ ok: true; id: string } | Invalid | Denied> {
      const action = "campaign.create";
      const denied = await allowed(operator, "marketing.campaigns", action, "campaign", "new");
      if (denied) return denied;
      const form = readForm(raw);
      if (!form.ok) return form;
      const row = await campaigns.create({ content: form.content.content, segment: form.segment, createdBy: operator.email });
      await audit(operator, action, row.id, "ok", null, { name: row.name, subject: row.subject, segment: describeSegment(form.segment) });
      return { ok: true, id: row.id };
    },

    async update(operator: Operator, id: string, raw: Record<string, unknown>) {
      const action = "campaign.update";
      const denied = await allowed(operator, "marketing.campaigns", action, "campaign", id);
      if (denied) return denied;
      const before = isUuid(id) ? await campaigns.get(id) : null;
      if (!before) {
        await audit(operator, action, id, "failed", null, { error: notFound.code });
        return notFound;
      }
      const form = readForm(raw);
      if (!form.ok) return form;
      const r = await campaigns.update(id, { content: form.content.content, segment: form.segment });
      await audit(
        operator,
        action,
        id,
        r.ok ? "ok" : "failed",
        { name: before.name, subject: before.subject, segment: describeSegment(before.segment) },
        r.ok ? { name: form.content.content.name, subject: form.content.content.subject, segment: describeSegment(form.segment) } : { error: r.code },
      );
      return r;
    },

    /** Schedule for a time (UTC) or, without one, send now. */
    async schedule(operator: Operator, id: string, rawAt: unknown): Promise<Awaited<ReturnType<CampaignService["schedule"]>> | Invalid | Denied> {
      const at = parseScheduleAt(rawAt, clock());
      if (!at.ok) {
        const denied = await allowed(operator, "marketing.campaigns", "campaign.schedule", "campaign", id);
        return denied ?? invalid({ scheduleAt: at.message });
      }
      return moveCampaign(operator, id, "schedule", () => campaigns.schedule(id, at.at), { scheduledAt: at.at.toISOString() });
    },
    pause: (operator: Operator, id: string) => moveCampaign(operator, id, "pause", () => campaigns.pause(id)),
    resume: (operator: Operator, id: string) => moveCampaign(operator, id, "resume", () => campaigns.resume(id)),
    cancel: (operator: Operator, id: string) => moveCampaign(operator, id, "cancel", () => campaigns.cancel(id)),

    /** A test mail to the operator's own address (never to another). */
    async testSend(operator: Operator, id: string) {
      const action = "campaign.test_send";
      const denied = await allowed(operator, "marketing.campaigns", action, "campaign", id);
      if (denied) return denied;
      const r = isUuid(id) ? await campaigns.testSend(id, operator.email) : notFound;
      await audit(operator, action, id, r.ok ? "ok" : "failed", null, r.ok ? { to: operator.email } : { error: r.code });
      return r;
    },
  };
}

export type CampaignsConsole = ReturnType<typeof createCampaignsConsole>;
