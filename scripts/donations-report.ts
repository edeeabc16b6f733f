// `npm run donations:report -- [--month 2026-11] [--csv] [--store STORE_ID]`: the console's donation
// report for one calendar month (UTC) — per cause, what the store and customers gave, the orders,
// what was reversed and the net, from the donation ledger — printed as a table (or CSV with --csv),
// against DATABASE_URL or the embedded database (only while the shop is stopped: PGlite is one
// process's). No --month: this month. No --store: the shop's donation store (the first one made).
// Exit code 1 with the reason on a bad argument or an unknown store.
import { parseReportArgs, reportCsvLines, reportText } from "../rules/donations/monthly-report";
import { normalizeStoreId } from "../rules/donations/provider";
import { runOperatorCommand } from "./lib/operator-command";

const args = parseReportArgs(process.argv.slice(2), new Date());
if (!args.ok) {
  console.error(args.message);
  process.exit(1);
}

await runOperatorCommand(async ({ services }) => {
  const stores = await services.consoleDonations.stores();
  const wanted = args.storeId === null ? stores[0]?.id : normalizeStoreId(args.storeId);
  const store = stores.find((s) => s.id === wanted);
  if (!store) {
    console.error(
      args.storeId === null
        ? "There is no donation store yet."
        : `No donation store with the id "${args.storeId}". Stores: ${stores.map((s) => `${s.id} (${s.name})`).join(", ") || "none"}.`,
    );
    return 1;
  }
  const rows = await services.consoleDonations.report(store.id, args.month);
  console.log(args.csv ? reportCsvLines(args.month.month, rows).join("\n") : `${store.name} (${store.id})\n${reportText(args.month, rows)}`);
  return 0;
});
