import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import { reviewsWidgetBuild } from "./widgets/build";

const root = import.meta.dirname;

/**
 * Source maps for error reports (server/modules/errors/source-maps.ts), never served: the build
 * writes hidden maps (no sourceMappingURL comment), and the client's are moved out of build/client
 * (the public folder) into build/source-maps/client as soon as they are written.
 */
function privateSourceMaps(): Plugin {
  const clientDir = path.join(root, "build/client");
  const mapsDir = path.join(root, "build/source-maps/client");
  return {
    name: "private-source-maps",
    apply: "build",
    writeBundle(options, bundle) {
      if (!options.dir || path.resolve(options.dir) !== clientDir) return;
      rmSync(mapsDir, { recursive: true, force: true });
      for (const file of Object.keys(bundle).filter((f) => f.endsWith(".map"))) {
        mkdirSync(path.dirname(path.join(mapsDir, file)), { recursive: true });
        renameSync(path.join(clientDir, file), path.join(mapsDir, file));
      }
    },
  };
}

/**
 * React Router's package exports name only its development build, whose warnings code then ships to
 * every shopper; the browser bundle takes the production build instead (the same code without
 * them). Both entry points are redirected, so the bundle holds one copy of the router.
 */
function reactRouterProductionBuild(): Plugin {
  const dist = path.join(root, "node_modules/react-router/dist/production");
  const files: Record<string, string> = { "react-router": "index.mjs", "react-router/dom": "dom-export.mjs" };
  return {
    name: "react-router-production-build",
    apply: "build",
    enforce: "pre",
    resolveId(id) {
      if (this.environment.name !== "client" || !Object.hasOwn(files, id)) return null;
      return path.join(dist, files[id]!);
    },
  };
}

/**
 * The chunks of each module the browser build loads on demand (its own chunk and every chunk it
 * imports), for the server as the module `virtual:view-chunks` (app/lib/view-chunks.server.ts): a
 * route that fetches its screen on demand preloads that screen's scripts with the page, so the page
 * loads what it shows and no more. The client build runs first and writes build/view-chunks.json; the
 * server build inlines it.
 */
function viewChunks(): Plugin {
  const file = path.join(root, "build/view-chunks.json");
  const id = "virtual:view-chunks";
  return {
    name: "view-chunks",
    resolveId(source) {
      return source === id ? `\0${id}` : null;
    },
    load(resolved) {
      if (resolved !== `\0${id}`) return null;
      const built = this.environment.config.command === "build" && existsSync(file);
      return `export default ${built ? readFileSync(file, "utf8") : "{}"};`;
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const chunks = new Map<string, { imports: string[] }>();
      const chunkOf = new Map<string, string>();
      for (const out of Object.values(bundle)) {
        if (out.type !== "chunk") continue;
        chunks.set(out.fileName, out);
        for (const m of out.moduleIds) chunkOf.set(m, out.fileName);
      }
      const closure = (name: string, files = new Set<string>()) => {
        if (!files.has(name)) {
          files.add(name);
          chunks.get(name)?.imports.forEach((i) => closure(i, files));
        }
        return files;
      };
      // What every page has already: the browser entry's chunks.
      const entry = new Set<string>();
      for (const out of Object.values(bundle)) {
        if (out.type === "chunk" && out.facadeModuleId === path.join(root, "app/entry.client.tsx")) closure(out.fileName, entry);
      }
      const map: Record<string, string[]> = {};
      for (const out of Object.values(bundle)) {
        if (out.type !== "chunk") continue;
        for (const m of out.moduleIds) {
          // The app's modules that some code imports dynamically, wherever the bundler put them.
          const importers = m.startsWith(`${root}/app/`) ? (this.getModuleInfo(m)?.dynamicImporters ?? []) : [];
          if (importers.length === 0) continue;
          // Less what the importing module's page already loads with it.
          const loaded = importers.map((i) => closure(chunkOf.get(i) ?? ""));
          const files = [...closure(out.fileName)].filter((f) => !entry.has(f) && !loaded.every((l) => l.has(f)));
          map[path.relative(root, m)] = files.map((f) => `${this.environment.config.base}${f}`);
        }
      }
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(map));
    },
  };
}

/**
 * Fewer, larger scripts per page. On a slow connection each script file costs a round trip, and
 * the browser opens only six connections to the shop: thirty small chunks before the first paint
 * wait for one another. The browser build groups its modules in three layers:
 * - "shell": what every page runs (the browser entry and the root route with everything they import
 *   statically, React and React Router included), and the few small modules both the shop layout
 *   and a console page import (the money formatter): in the shop group a console page would load
 *   the whole group for one of them;
 * - "shop": what every storefront page adds (the shop layout's static imports);
 * - the rest as the bundler splits it (each route's own code and what routes share).
 * A group holds only modules that every page loading it runs anyway (those few small ones aside), so
 * no storefront page loads more code than before, and far fewer files (12-18 instead of 26-32 with today's routes).
 */
function pageChunks(): Plugin {
  const shell = new Set<string>();
  const shop = new Set<string>();
  const consent = new Set<string>();
  const closure = (ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null }, id: string, into: Set<string>, skip?: Set<string>) => {
    const stack = [id];
    while (stack.length) {
      const m = stack.pop()!;
      if (into.has(m) || skip?.has(m)) continue;
      into.add(m);
      stack.push(...(ctx.getModuleInfo(m)?.importedIds ?? []));
    }
  };
  return {
    name: "page-chunks",
    apply: "build",
    configEnvironment(name) {
      if (name !== "client") return;
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: (id: string) => (shell.has(id) ? "shell" : null), priority: 2 },
                  { name: (id: string) => (shop.has(id) ? "shop" : null), priority: 1 },
                  { name: (id: string) => (consent.has(id) ? "consent" : null), priority: 0 },
                ],
              },
            },
          },
        },
      };
    },
    buildEnd() {
      if (this.environment.name !== "client") return;
      shell.clear();
      shop.clear();
      closure(this, path.join(root, "app/entry.client.tsx"), shell);
      closure(this, path.join(root, "app/root.tsx"), shell);
      closure(this, path.join(root, "app/routes/_shop.tsx"), shop, shell);
      const consoleImports = new Set<string>();
      for (const id of this.getModuleIds()) if (id.startsWith(path.join(root, "app/routes/admin"))) closure(this, id, consoleImports, shell);
      for (const m of shop) {
        if (!consoleImports.has(m)) continue;
        shop.delete(m);
        shell.add(m);
      }
      // The privacy manager and the consent logic, fetched by every storefront page after hydration
      // (app/features/consent/consent-boot.tsx): the banner of a first visit is often its largest
      // paint, so one request brings all of it. Modules a route imports statically stay out of it.
      const routed = new Set<string>();
      for (const id of this.getModuleIds()) if (id.startsWith(path.join(root, "app/routes/"))) closure(this, id, routed);
      consent.clear();
      closure(this, path.join(root, "app/features/consent/consent-client.tsx"), consent, new Set([...shell, ...shop, ...routed]));
    },
  };
}

/**
 * Vite wraps every dynamic import() of the browser build in its preload helper, which loads the
 * imported chunk's dependencies and stylesheets first. Here each list is empty (modulePreload is off
 * and the one stylesheet comes with the page), so the helper only calls the import: the same call,
 * without ~700 bytes of helper on every page.
 */
function noPreloadHelper(): Plugin {
  const id = "\0vite/preload-helper.js";
  return {
    name: "no-preload-helper",
    apply: "build",
    enforce: "pre",
    load(resolved) {
      if (resolved !== id || this.environment.name !== "client") return null;
      return "export const __vitePreload = (load) => load();";
    },
    // A list that is not empty (a lazily loaded module importing a stylesheet) would be dropped: refuse it.
    writeBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const listed = Object.values(bundle).find((out) => out.type === "chunk" && out.code.includes("__vite__mapDeps"));
      if (listed)
        this.error(`${listed.fileName} preloads dependencies of a dynamic import; remove the noPreloadHelper plugin (vite.config.ts) or the dependency`);
    },
  };
}

/**
 * Each script and stylesheet of the browser build is also written compressed, once, at the highest
 * settings: the server sends `name.br` or `name.gz` as the browser accepts (serveStatic's
 * `precompressed`), instead of compressing the same bytes again on every request. Brotli at its
 * highest quality makes scripts about 14% smaller than gzip; a proxy that asks only for gzip gets gzip.
 */
function precompressedAssets(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: "precompressed-assets",
    apply: "build",
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (this.environment.name !== "client" || !dir) return;
      const files = Object.values(bundle).flatMap((out) => {
        if (!/\.(js|css|svg)$/.test(out.fileName)) return [];
        const bytes = Buffer.from(out.type === "chunk" ? out.code : out.source);
        // Below a packet's size compression saves nothing worth a second file.
        return bytes.length < 1024 ? [] : [{ file: path.join(dir, out.fileName), bytes }];
      });
      await Promise.all(
        files.map(async ({ file, bytes }) => {
          const [br, gz] = await Promise.all([
            brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
            gzipped(bytes, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          writeFileSync(`${file}.br`, br);
          writeFileSync(`${file}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [
    reactRouterProductionBuild(),
    noPreloadHelper(),
    pageChunks(),
    viewChunks(),
    tailwindcss(),
    reactRouter(),
    privateSourceMaps(),
    precompressedAssets(),
    reviewsWidgetBuild(),
  ],
  // No dependency lists for dynamic imports (Vite's preload helper and a list per import, on every
  // page): what loads on demand here comes after hydration and mostly needs chunks the page already
  // has, and a route's on-demand screen is preloaded by its page (viewChunks).
  build: { sourcemap: "hidden", modulePreload: false },
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
});
