// `npm run mail:outbox [-- --to EMAIL] [--limit N] [--json]`: prints the latest recorded mails.
// Opens the shop's database (DATABASE_URL, else the embedded PGLITE_DIR — which only one process
// can open: stop the shop first, or set MAIL_OUTBOX_DIR to have every mail written as a file).
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";

if (existsSync(".env")) process.loadEnvFile(".env");
const { parseConfig } = await import("../server/config");
const { openDatabase } = await import("../server/db/client");
const { createMailService } = await import("../server/modules/mail");

const { values } = parseArgs({ options: { to: { type: "string" }, limit: { type: "string", default: "5" }, json: { type: "boolean", default: false } } });
const config = parseConfig(process.env);
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
try {
  await database.migrate();
  const mails = await createMailService(database.db, config).latest({ to: values.to, limit: Number(values.limit) || 5 });
  if (values.json) console.log(JSON.stringify(mails, null, 2));
  else
    for (const m of mails)
      console.log(`#${m.id} ${m.createdAt.toISOString()} [${m.status}] ${m.template}\nTo: ${m.to}\nSubject: ${m.subject}\n\n${m.text}\n${"-".repeat(72)}`);
} finally {
  await database.close();
}
