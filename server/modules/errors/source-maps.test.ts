import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStackMapper, type StackMapper } from "./source-maps";

// Source maps applied to stacks: a browser frame of a built asset and a server frame of the server
// bundle come back as the original file, line and column; frames without a map stay as they are,
// and a crafted asset name cannot make the mapper read outside the maps folder.

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
/** Base64 VLQ, the encoding of a source map's "mappings". */
function vlq(...values: number[]): string {
  let out = "";
  for (const value of values) {
    let v = value < 0 ? (-value << 1) | 1 : value << 1;
    do {
      let digit = v & 31;
      v >>>= 5;
      if (v > 0) digit |= 32;
      out += B64[digit];
    } while (v > 0);
  }
  return out;
}

/** A map whose generated line 1, from column `col` (0-based), is the source's line `line`, column `column` (0-based). */
const mapOf = (source: string, col: number, line: number, column: number) => ({
  version: 3,
  sources: [source],
  names: [],
  mappings: vlq(col, 0, line, column),
});

let root: string;
let mapStack: StackMapper;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "maps-"));
  const build = path.join(root, "build");
  mkdirSync(path.join(build, "source-maps/client/assets"), { recursive: true });
  mkdirSync(path.join(build, "server"), { recursive: true });
  // Vite writes sources relative to the built file: build/client/assets → ../../../app/…
  writeFileSync(
    path.join(build, "source-maps/client/assets/product-page-B1x9Qz7a.js.map"),
    JSON.stringify(mapOf("../../../app/features/catalog/product-page.tsx", 2000, 41, 8)),
  );
  writeFileSync(path.join(build, "server/index.js.map"), JSON.stringify(mapOf("../../app/routes/cart.tsx", 0, 9, 2)));
  writeFileSync(path.join(root, "secret.map"), JSON.stringify(mapOf("../leaked.ts", 0, 0, 0)));
  mapStack = createStackMapper(build);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("createStackMapper", () => {
  it("maps a browser frame of a built asset to the source file, line and column", () => {
    const stack = "TypeError: x is undefined\n    at Ln (http://localhost:3000/assets/product-page-B1x9Qz7a.js:1:2345)";
    expect(mapStack(stack)).toBe("TypeError: x is undefined\n    at Ln (app/features/catalog/product-page.tsx:42:9)");
  });

  it("maps Firefox-style frames too, on any origin the shop is served from", () => {
    expect(mapStack("Ln@https://shop.example/assets/product-page-B1x9Qz7a.js:1:2001")).toBe("    at Ln (app/features/catalog/product-page.tsx:42:9)");
  });

  it("maps a frame of the server bundle, given as a path or a file URL", () => {
    const file = path.join(root, "build/server/index.js");
    expect(mapStack(`Error: boom\n    at loader (${file}:1:5)`)).toBe("Error: boom\n    at loader (app/routes/cart.tsx:10:3)");
    expect(mapStack(`    at async loader (file://${file}:1:5)`)).toBe("    at loader (app/routes/cart.tsx:10:3)");
  });

  it("leaves frames without a map, and lines that are no frames, as they are", () => {
    const stack =
      "Error: boom\n    at f (http://localhost:3000/assets/other-Zz99Yy88.js:1:2)\n    at g (/srv/shop/node_modules/react-dom/index.js:3:4)\n    at <anonymous>";
    expect(mapStack(stack)).toBe(stack);
  });

  it("never reads a map outside the maps folder", () => {
    const stack = "    at f (http://localhost:3000/assets/..%2F..%2F..%2Fsecret.js:1:1)\n    at g (http://localhost:3000/assets/../../secret.js:1:1)";
    expect(mapStack(stack)).toBe(stack);
  });
});
