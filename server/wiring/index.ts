import { randomBytes } from "node:crypto";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Logger } from "../log";
import { createTestProcessor, type PaymentProvider } from "../modules/payments";
import { createConsoleServices } from "./console";
import { createModules } from "./modules";
import { createWorkflows, type Workflows } from "./workflows";

/**
 * Everything the pages, the API and the jobs call, wired once per process: the modules
 * (./modules.ts), the workflows over them (./workflows.ts) and the console (./console.ts). A module
 * that calls back into a workflow (Ship now, placing an order) gets it as a port bound here, once
 * the workflows exist. `secret` signs the links services put in mails (the app's secret; a key of
 * this process's own for tests and tools that make no links).
 */
export function createServices(
  db: Db,
  config: Config,
  log?: Logger,
  paymentProvider: PaymentProvider = createTestProcessor(),
  secret: string = config.sessionSecret ?? randomBytes(32).toString("hex"),
) {
  const context = { db, config, log, secret };
  const late: { workflows?: Workflows } = {};
  const bound = () => {
    if (!late.workflows) throw new Error("A workflow was called while the services were being wired.");
    return late.workflows;
  };
  const modules = createModules(
    { ...context, paymentProvider },
    {
      shipNow: async (subscriptionId, now, claim) => {
        const r = await bound().renew(subscriptionId, now, "ship_now", undefined, claim);
        return r.ok ? { ok: true, orderNumber: r.orderNumber } : { ok: false, message: r.message };
      },
      placeOrder: (input) => bound().placeOrder(input),
    },
  );
  const workflows = (late.workflows = createWorkflows(modules, context));
  return { ...modules, ...workflows, ...createConsoleServices(modules, workflows, context) };
}

export type Services = ReturnType<typeof createServices>;
