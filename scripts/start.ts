// `npm start`: the production server, building first when there is no build or the app changed since.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const serverBuild = path.join(root, "build/server/index.js");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ["app", "rules", "public", "widgets"].map((d) => path.join(root, d)).filter(existsSync);
const stale =
  !existsSync(serverBuild) ||
  Math.max(...sources.map(newestMtime), ...["vite.config.ts", "react-router.config.ts", "package.json"].map((f) => statSync(path.join(root, f)).mtimeMs)) >
    statSync(serverBuild).mtimeMs;

process.env.NODE_ENV ??= "production";
if (stale) {
  console.log("Building the shop (first start or the app changed)…");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import("../server/main");
