import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
let t = Date.now();
const c0 = await PGlite.create(undefined, { extensions: { pg_trgm } });
console.log("open0", Date.now() - t); t = Date.now();
await c0.exec("create extension if not exists pg_trgm; create table x(a int)");
const blob = await c0.dumpDataDir("none");
console.log("dump", Date.now() - t, blob.size); t = Date.now();
for (let i = 0; i < 3; i++) {
  t = Date.now();
  const c = await PGlite.create(undefined, { extensions: { pg_trgm }, loadDataDir: blob });
  console.log("load", Date.now() - t, (await c.query("select count(*) from x")).rows); t = Date.now();
  const c2 = await PGlite.create(undefined, { extensions: { pg_trgm } });
  console.log("fresh", Date.now() - t);
}
