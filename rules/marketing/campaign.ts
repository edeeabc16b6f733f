import { z } from "zod";

// A marketing campaign (server/modules/marketing/campaigns.ts): its states and the moves between
// them, its content (subject, preheader, body blocks) read from the console's form, and where a
// tracked link may lead.
//
//   draft ──schedule / send now──► scheduled ──(its time: the sender)──► sending ──► sent
//     │                               │  ▲                                 │  ▲
//     │                               ▼  │ resume                          ▼  │ resume
//     │                             paused ◄───────────── pause ───────── paused
//     └─────────── cancel (from any state but sent) ──► cancelled
//
// Content changes only while a draft. The sender mails only `sending` campaigns, so a pause or a
// cancel stops the next batch; what was mailed stays mailed.

export const CAMPAIGN_STATES = ["draft", "scheduled", "sending", "paused", "sent", "cancelled"] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

export const CAMPAIGN_STATE_LABELS: Record<CampaignState, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  paused: "Paused",
  sent: "Sent",
  cancelled: "Cancelled",
};

export type CampaignMove = { ok: true; state: CampaignState } | { ok: false; code: "NOT_ALLOWED"; message: string };
const refuse = (message: string): CampaignMove => ({ ok: false, code: "NOT_ALLOWED", message });

/** Schedule (or send now: scheduled for now): a draft only. */
export function schedule(from: CampaignState): CampaignMove {
  return from === "draft" ? { ok: true, state: "scheduled" } : refuse("Only a draft can be scheduled.");
}

/** Pause: a scheduled or sending campaign stops before its next batch. */
export function pause(from: CampaignState): CampaignMove {
  return from === "scheduled" || from === "sending" ? { ok: true, state: "paused" } : refuse("Only a scheduled or sending campaign can be paused.");
}

/** Resume: a paused campaign goes on (sending again when it had started). */
export function resume(from: CampaignState, started: boolean): CampaignMove {
  return from === "paused" ? { ok: true, state: started ? "sending" : "scheduled" } : refuse("Only a paused campaign can be resumed.");
}

/** Cancel: for good, from any state but sent and cancelled. */
export function cancel(from: CampaignState): CampaignMove {
  return from === "sent" || from === "cancelled" ? refuse("This campaign has ended.") : { ok: true, state: "cancelled" };
}

/** Content and segment change only while a draft. */
export function editable(from: CampaignState): CampaignMove {
  return from === "draft" ? { ok: true, state: "draft" } : refuse("Only a draft can be edited: cancel it and start a new one.");
}

// ---------------------------------------------------------------------------------------------
// Content

export type CampaignBlock =
  | { type: "heading"; text: string }
  | { type: "text"; text: string }
  /** A product picked by handle, drawn at send time with its live price and stock. */
  | { type: "product"; handle: string }
  /** A button to a page of the shop (a same-site path). */
  | { type: "button"; label: string; path: string }
  /** A published promotion or highlight of the shop's content, by its key, drawn as it is at send time. */
  | { type: "content"; key: string };

export const MAX_BLOCKS = 40;
export const MAX_BODY_CHARS = 20_000;

/**
 * Where a tracked link may lead: a path of this site only ("/…", not "//host" nor "/\host"), so
 * a signed link can never be turned into an open redirect.
 */
export function isSameSitePath(path: string): boolean {
  return /^\/(?![/\\])[^\s]*$/.test(path) && !path.includes("\\") && path.length <= 500;
}

/**
 * The console's body: blocks separated by a blank line. A block that is one line `product: <handle>`
 * is a product pick; `content: <key>` a promotion or highlight of the shop's content; `button:
 * <label> | </path>` a button; `# ` starts a heading; anything else is a paragraph of text.
 */
export function parseBody(body: string): { ok: true; blocks: CampaignBlock[] } | { ok: false; message: string } {
  if (body.length > MAX_BODY_CHARS) return { ok: false, message: `Keep the body under ${MAX_BODY_CHARS} characters` };
  const chunks = body
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((c) => c.trim())
    .filter(Boolean);
  if (chunks.length === 0) return { ok: false, message: "Write the body: at least one paragraph or product" };
  if (chunks.length > MAX_BLOCKS) return { ok: false, message: `Use at most ${MAX_BLOCKS} blocks` };
  const blocks: CampaignBlock[] = [];
  for (const chunk of chunks) {
    const product = /^product:(.*)$/i.exec(chunk);
    const button = /^button:(.*)$/i.exec(chunk);
    const content = /^content:(.*)$/i.exec(chunk);
    if (content) {
      const key = content[1].trim();
      if (!/^[a-z0-9][a-z0-9-]{0,99}$/.test(key)) return { ok: false, message: `"${key}" is not a content key (lower-case letters, digits, dashes)` };
      blocks.push({ type: "content", key });
    } else if (product) {
      product[1] = product[1].trim();
      if (!/^[a-z0-9][a-z0-9-]{0,199}$/.test(product[1]))
        return { ok: false, message: `"${product[1]}" is not a product handle (lower-case letters, digits, dashes)` };
      blocks.push({ type: "product", handle: product[1] });
    } else if (button) {
      const parts = /^\s*(.+?)\s*\|\s*(\S+)\s*$/.exec(button[1]);
      if (!parts) return { ok: false, message: "Write a button as: button: Label | /path" };
      if (!isSameSitePath(parts[2])) return { ok: false, message: `A button leads to a page of the shop: start its path with / (not ${parts[2]})` };
      blocks.push({ type: "button", label: parts[1].slice(0, 80), path: parts[2] });
    } else if (chunk.startsWith("# ")) blocks.push({ type: "heading", text: chunk.slice(2).trim() });
    else blocks.push({ type: "text", text: chunk });
  }
  return { ok: true, blocks };
}

/** The blocks back as the console's body text (parseBody's inverse). */
export function bodyOf(blocks: readonly CampaignBlock[]): string {
  return blocks
    .map((b) =>
      b.type === "product"
        ? `product: ${b.handle}`
        : b.type === "content"
          ? `content: ${b.key}`
          : b.type === "button"
            ? `button: ${b.label} | ${b.path}`
            : b.type === "heading"
              ? `# ${b.text}`
              : b.text,
    )
    .join("\n\n");
}

export const campaignContentSchema = z.object({
  name: z.string("Name the campaign").trim().min(1, "Name the campaign").max(100, "Keep the name under 100 characters"),
  subject: z.string("Write a subject").trim().min(1, "Write a subject").max(150, "Keep the subject under 150 characters"),
  preheader: z.string().trim().max(150, "Keep the preheader under 150 characters").default(""),
  body: z.string("Write the body").transform((b, ctx) => {
    const parsed = parseBody(b);
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    }
    return parsed.blocks;
  }),
});
export type CampaignContent = { name: string; subject: string; preheader: string; blocks: CampaignBlock[] };

/** The console's content fields, each error named by its field. */
export function parseCampaignContent(raw: Record<string, unknown>): { ok: true; content: CampaignContent } | { ok: false; errors: Record<string, string> } {
  const parsed = campaignContentSchema.safeParse(raw);
  if (parsed.success) {
    const { body, ...rest } = parsed.data;
    return { ok: true, content: { ...rest, blocks: body } };
  }
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "body")] ??= issue.message;
  return { ok: false, errors };
}

/** When "schedule" asks for a time: a UTC date-time from the form, not in the past (a minute's grace); empty means now. */
export function parseScheduleAt(raw: unknown, now: Date): { ok: true; at: Date } | { ok: false; message: string } {
  if (raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "")) return { ok: true, at: now };
  const text = String(raw).trim();
  const at = new Date(/[zZ]|[+-]\d\d:\d\d$/.test(text) ? text : `${text}Z`);
  if (Number.isNaN(at.getTime())) return { ok: false, message: "Enter the time as YYYY-MM-DDTHH:MM (UTC)" };
  if (at.getTime() < now.getTime() - 60_000) return { ok: false, message: "Choose a time from now on" };
  if (at.getTime() > now.getTime() + 366 * 24 * 60 * 60_000) return { ok: false, message: "Choose a time within a year" };
  return { ok: true, at };
}

/**
 * How many campaign mails one sender pass may record: the configured rate per minute over the
 * pass's interval, at least one batch.
 */
export const mailsPerPass = (perMinute: number, intervalSeconds: number, batchSize: number) =>
  Math.max(batchSize, Math.floor((perMinute * intervalSeconds) / 60));
