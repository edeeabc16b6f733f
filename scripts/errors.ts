// `npm run errors -- [--frequent] [--source server|browser] [--limit N] [--stack] [--json]`: the
// errors the shop recorded (server and browser, when no SENTRY_DSN is set), one line per distinct
// error with its count — last seen first, or most frequent first with --frequent — against
// DATABASE_URL or the embedded database (only while the shop is stopped: PGlite is one process's).
import { parseArgs } from "node:util";
import { errorListText } from "../server/modules/errors";
import { runOperatorCommand } from "./lib/operator-command";

const USAGE = "usage: npm run errors -- [--frequent] [--source server|browser] [--limit N] [--stack] [--json]";

let values: { frequent: boolean; source?: string; limit: string; stack: boolean; json: boolean };
try {
  ({ values } = parseArgs({
    options: {
      frequent: { type: "boolean", default: false },
      source: { type: "string" },
      limit: { type: "string", default: "20" },
      stack: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
    },
  }));
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(1);
}
const limit = Number(values.limit);
if (!Number.isInteger(limit) || limit < 1 || limit > 500) {
  console.error(`--limit must be a whole number from 1 to 500, not "${values.limit}".\n${USAGE}`);
  process.exit(1);
}
if (values.source !== undefined && values.source !== "server" && values.source !== "browser") {
  console.error(`--source must be server or browser, not "${values.source}".\n${USAGE}`);
  process.exit(1);
}
const source = values.source as "server" | "browser" | undefined;
const sort = values.frequent ? "frequent" : "recent";

await runOperatorCommand(async ({ services }) => {
  const list = await services.errorReports.list({ sort, source, perPage: limit });
  console.log(values.json ? JSON.stringify(list.rows, null, 2) : errorListText(list, { sort, stacks: values.stack }));
  return 0;
});
