import { readFile } from "node:fs/promises";
import path from "node:path";
import { CONTENT_DIR } from "./files";

const ASSETS_DIR = path.join(CONTENT_DIR, "assets");

/**
 * The source of a content image by bare name (SVG or PNG in content/assets). The name is checked
 * against a strict pattern first, so no path can leave the assets folder.
 */
export async function readContentAsset(name: string): Promise<Buffer | null> {
  if (!/^[a-z0-9-]{1,100}$/.test(name)) return null;
  for (const ext of [".svg", ".png"]) {
    const file = path.join(ASSETS_DIR, name + ext);
    if (path.dirname(file) !== ASSETS_DIR) return null;
    try {
      return await readFile(file);
    } catch {
      // try the next extension
    }
  }
  return null;
}
