// ESLint rule: a server module is reached through its door, and its tables stay inside it.
//
// Every folder under server/modules/ is a module; the rule knows them from the path, so a new module
// is guarded without a list to keep. From outside a module:
// - only its index.ts may be imported (import, export-from and import()); its other files are its
//   own business and may change without the rest of the code noticing;
// - its tables (`schema.ts`, `*-schema.ts`) may be imported only by the one schema list that drizzle
//   and the migrations read (server/db/schema.ts), by another module's schema (a foreign key names
//   the table it points at), by server/read-models/, the one home of reads across modules, and by
//   server/testing/, the one home of test set-up (a test may need a state no service makes: an order
//   40 days old, a variant out of stock).
// And production code never imports server/testing/: only tests (`*.test.ts(x)`, tests/), the
// testing folder itself and the browser tests' set-up script (scripts/e2e-operators.ts) may.
import fs from "node:fs";
import path from "node:path";

const SCHEMA_FILE = /(^|-)schema\.ts$/;
const TESTING = "server/testing/";
const TEST_FILE = /\.test\.tsx?$/;
const TEST_SET_UP_SCRIPT = "scripts/e2e-operators.ts";

function resolveFile(fromFile, spec) {
  const base = path.resolve(path.dirname(fromFile), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    try {
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not this candidate
    }
  }
  return null;
}

/** The module a file belongs to, and its path inside the module; null outside server/modules/. */
function placeOf(root, file) {
  const rel = path.relative(path.join(root, "server", "modules"), file).split(path.sep);
  return rel[0] === ".." || rel.length < 2 ? null : { module: rel[0], inside: rel.slice(1).join("/") };
}

export const moduleBoundaries = {
  meta: {
    type: "problem",
    docs: { description: "Server modules are imported through their index.ts; their tables stay inside them." },
    schema: [],
    messages: {
      door: "Import server/modules/{{module}} through its door (server/modules/{{module}}/index.ts), not {{inside}}.",
      tables:
        "The {{module}} module's tables are its own: call its service through server/modules/{{module}}/index.ts, or read across modules in server/read-models/.",
      testing: "Production code does not import server/testing/: test set-up belongs to tests.",
    },
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const relFile = path.relative(root, file).split(path.sep).join("/");
    const own = placeOf(root, file);
    const isTestCode = TEST_FILE.test(relFile) || relFile.startsWith(TESTING) || relFile.startsWith("tests/") || relFile === TEST_SET_UP_SCRIPT;
    const readsAcrossModules = relFile === "server/db/schema.ts" || relFile.startsWith("server/read-models/") || relFile.startsWith(TESTING);

    function check(node, spec) {
      if (typeof spec !== "string" || !spec.startsWith(".")) return;
      const target = resolveFile(file, spec);
      if (target && !isTestCode && path.relative(root, target).split(path.sep).join("/").startsWith(TESTING)) {
        context.report({ node, messageId: "testing" });
        return;
      }
      const place = target && placeOf(root, target);
      if (!place || place.module === own?.module) return;
      if (SCHEMA_FILE.test(place.inside)) {
        const schemaToSchema = own && SCHEMA_FILE.test(own.inside);
        if (!readsAcrossModules && !schemaToSchema) context.report({ node, messageId: "tables", data: place });
        return;
      }
      if (place.inside !== "index.ts") context.report({ node, messageId: "door", data: place });
    }
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(node.source, node.source.value),
    };
  },
};
