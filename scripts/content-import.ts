// `npm run content:import`: validates every file under content/ and loads them into the database
// in one transaction (upsert by type, key and site). A bad file is reported with its path and field,
// and nothing is written. With the embedded database (PGlite), stop the shop first: it holds the
// database open. Usage: npm run content:import [-- <content folder>]
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");

const { parseConfig } = await import("../server/config");
const { openDatabase } = await import("../server/db/client");
const { parseContentFiles, readContentFiles, CONTENT_DIR } = await import("../server/modules/content");
const { createContentService } = await import("../server/modules/content");

const dir = process.argv[2] ?? CONTENT_DIR;
const parsed = parseContentFiles(await readContentFiles(dir));
if (!parsed.ok) {
  console.error(`Nothing imported: ${parsed.problems.length} problem(s) in ${dir}`);
  for (const p of parsed.problems) console.error(`  ${p.path}: ${p.field}: ${p.message}`);
  process.exit(1);
}

const config = parseConfig(process.env);
const database = await openDatabase(config);
try {
  await database.migrate();
  const counts = await createContentService(database.db).importContent(parsed.entries, parsed.redirects);
  console.log(`Imported ${counts.entries} content entries and ${counts.redirects} redirects.`);
  console.log("Running shops pick the change up within 30 seconds (their content cache).");
} finally {
  await database.close();
}
