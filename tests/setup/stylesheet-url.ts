import type { Plugin } from "vite";

/**
 * Tests have no CSS build: a stylesheet's `?url` import (app/root.tsx links) becomes a stand-in URL
 * rather than Vite's empty string, which React refuses for a stylesheet resource. The module is
 * virtual and not named *.css, since Vitest empties every CSS module's export whatever loads it.
 */
export function stylesheetUrlStandIn(): Plugin {
  const prefix = "\0stylesheet-url:";
  return {
    name: "stylesheet-url-stand-in",
    enforce: "pre",
    resolveId(id) {
      return id.endsWith(".css?url") ? `${prefix}${id.split("/").pop()!.replace("?url", "")}.js` : undefined;
    },
    load(id) {
      return id.startsWith(prefix) ? `export default "/assets/${id.slice(prefix.length, -".js".length)}";` : undefined;
    },
  };
}
