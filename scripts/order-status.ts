// `npm run orders:advance -- KC-100001 shipped [--tracking 1Z999]`: the operator moves an order on
// through the advance-order workflow — fulfilled, shipped, delivered, cancelled or
// refunded — against DATABASE_URL or the embedded database (only while the shop is stopped: PGlite
// is one process's). Prints the order's new status, or why it was not changed; exit code 0 or 1.
import { parseArgs } from "node:util";
import { runOperatorCommand } from "./lib/operator-command";

const { ADVANCE_TARGETS, advanceOrder } = await import("../server/workflows/advance-order");
type AdvanceTarget = import("../server/workflows/advance-order").AdvanceTarget;

const { values, positionals } = parseArgs({ allowPositionals: true, options: { tracking: { type: "string" } } });
const [orderRef, to] = positionals;
if (positionals.length !== 2 || !ADVANCE_TARGETS.includes(to as AdvanceTarget)) {
  console.error(`usage: npm run orders:advance -- <order number or id> <${ADVANCE_TARGETS.join("|")}> [--tracking <number>]`);
  process.exit(1);
}

await runOperatorCommand(async ({ config, log, database, services }) => {
  const r = await advanceOrder({ db: database.db, services, config, log }, { orderRef, to: to as AdvanceTarget, trackingNumber: values.tracking });
  if (!r.ok) {
    console.error(`${orderRef}: not changed (${r.code}${"status" in r ? `, still ${r.status}` : ""}): ${r.message}`);
    return 1;
  }
  const tracking = r.order.status === "shipped" && r.order.trackingNumber ? ` (tracking ${r.order.trackingNumber})` : "";
  console.log(`${r.order.number}: ${r.from} → ${r.order.status}${tracking}`);
  return 0;
});
