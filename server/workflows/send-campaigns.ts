import type { Db } from "../db/client";
import type { Logger } from "../log";
import type { CampaignService } from "../modules/marketing";
import { audienceOf } from "./campaign-audience";

// The campaigns' share of the renewal pass (server/jobs/autoship-runner.ts): due campaigns are
// started (their recipients listed once, under the campaign's lock), then the sending ones mailed
// in batches, at most `limit` mails per pass (the configured rate). The exactly-once guarantees are
// the campaign service's (server/modules/marketing/campaigns.ts): any number of passes may run this
// at once, and one that dies mid-batch leaves its rows to the next.

export type SendCampaignsDeps = { db: Db; campaigns: CampaignService; log?: Logger };

export type SendCampaignsOptions = {
  now: Date;
  limit: number;
  batchSize: number;
  signal?: AbortSignal;
  /** The crash tests' hook, inside a batch's transaction after each mail is recorded. */
  afterMail?: (n: number) => void | Promise<void>;
};

export async function sendDueCampaigns(deps: SendCampaignsDeps, opts: SendCampaignsOptions): Promise<number> {
  for (const due of await deps.campaigns.due(opts.now)) {
    const listed = await deps.campaigns.start(due.id, await audienceOf(deps, due.segment, opts.now), opts.now);
    if (listed !== null) deps.log?.info({ campaignId: due.id, recipients: listed }, "campaign started");
  }
  let mailed = 0;
  for (const id of await deps.campaigns.sending()) {
    if (mailed >= opts.limit || opts.signal?.aborted) break;
    mailed += await deps.campaigns.sendBatches(id, opts.now, {
      limit: opts.limit - mailed,
      batchSize: opts.batchSize,
      signal: opts.signal,
      afterMail: opts.afterMail,
    });
  }
  return mailed;
}
