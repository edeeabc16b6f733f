import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), privateSourceMaps(), reviewsWidgetBuild()],
  build: { sourcemap: "hidden" },
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
});
