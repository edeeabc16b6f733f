import { readFileSync } from "node:fs";
import { SourceMap, type SourceMapPayload } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LRUCache } from "lru-cache";
import { formatFrame, parseStack, type StackFrame } from "../../../rules/shared/error-reports";

// Stacks as the source code reads, not as the build does. The production build writes hidden
// source maps (vite.config.ts): the client's are moved out of build/client into
// build/source-maps/client so they are never served, the server's stay beside build/server/index.js.
// A frame of a built file with a map is rewritten to the original file, line and column; any other
// frame is kept as it came.

/** Where `npm run build` leaves the build: <repo>/build. */
export const DEFAULT_BUILD_DIR = path.resolve(import.meta.dirname, "../../../build");

// A built browser asset: /assets/<name>.js under any origin. Names are the bundler's: letters,
// digits, dot, dash, underscore — nothing that could climb out of the maps folder.
const CLIENT_ASSET = /^\/assets\/([\w-]+(?:\.[\w-]+)*\.m?js)$/;

export type StackMapper = (stack: string) => string;

export function createStackMapper(buildDir: string = DEFAULT_BUILD_DIR): StackMapper {
  const root = path.dirname(buildDir);
  const serverDir = path.join(buildDir, "server");
  // Parsed maps by map file; null remembers "no map here". Bounded: a build has a few hundred chunks.
  const maps = new LRUCache<string, { map: SourceMap; generatedDir: string } | false>({ max: 200 });

  /** The map file of a frame's file and the folder the file was built into (sources are relative to it). */
  function mapLocation(file: string): { mapFile: string; generatedDir: string } | null {
    let pathname: string;
    if (/^https?:\/\//i.test(file)) {
      try {
        pathname = new URL(file).pathname;
      } catch {
        return null;
      }
      const asset = CLIENT_ASSET.exec(pathname);
      if (!asset) return null;
      return { mapFile: path.join(buildDir, "source-maps", "client", "assets", `${asset[1]}.map`), generatedDir: path.join(buildDir, "client", "assets") };
    }
    try {
      pathname = file.startsWith("file://") ? fileURLToPath(file) : file;
    } catch {
      return null;
    }
    const resolved = path.resolve(pathname);
    if (path.dirname(resolved) !== serverDir || !/\.m?js$/.test(resolved)) return null;
    return { mapFile: `${resolved}.map`, generatedDir: serverDir };
  }

  function load(mapFile: string, generatedDir: string) {
    const cached = maps.get(mapFile);
    if (cached !== undefined) return cached || null;
    let entry: { map: SourceMap; generatedDir: string } | false = false;
    try {
      entry = { map: new SourceMap(JSON.parse(readFileSync(mapFile, "utf8")) as SourceMapPayload), generatedDir };
    } catch {
      // No map (a development build, an old tab's asset from a build since replaced): the frame stays as it is.
    }
    maps.set(mapFile, entry);
    return entry || null;
  }

  function mapFrame(frame: StackFrame): StackFrame | null {
    const where = mapLocation(frame.file);
    if (!where) return null;
    const loaded = load(where.mapFile, where.generatedDir);
    if (!loaded) return null;
    const entry = loaded.map.findEntry(frame.line - 1, frame.column - 1) as Partial<{ originalSource: string; originalLine: number; originalColumn: number }>;
    if (!entry.originalSource || entry.originalLine === undefined || entry.originalColumn === undefined) return null;
    const source = entry.originalSource.startsWith("file://") ? fileURLToPath(entry.originalSource) : path.resolve(loaded.generatedDir, entry.originalSource);
    // Repository-relative (app/routes/cart.tsx, node_modules/react-dom/…): no checkout path in the report.
    const file = path.relative(root, source).split(path.sep).join("/");
    return { fn: frame.fn, file: file.startsWith("..") ? path.basename(source) : file, line: entry.originalLine + 1, column: entry.originalColumn + 1 };
  }

  return (stack: string) =>
    stack
      .split("\n")
      .map((line) => {
        const [frame] = parseStack(line);
        const mapped = frame && mapFrame(frame);
        return mapped ? formatFrame(mapped) : line;
      })
      .join("\n");
}
