import path from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import { moduleBoundaries } from "./module-boundaries.js";

const root = path.resolve(import.meta.dirname, "../..");

// The rule on its own, over files placed where real ones would be (the imported files exist).
async function problems(file: string, code: string) {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ["**/*.ts"],
        languageOptions: { parser: tseslint.parser },
        plugins: { local: { rules: { "module-boundaries": moduleBoundaries } } },
        rules: { "local/module-boundaries": "error" },
      },
    ],
  });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => m.message);
}

describe("module boundaries", () => {
  it("refuses a module's inner file from a workflow, and takes its door", async () => {
    expect(await problems("server/workflows/violating.ts", `import { createCartService } from "../modules/cart/service";`)).toEqual([
      "Import server/modules/cart through its door (server/modules/cart/index.ts), not service.ts.",
    ]);
    expect(await problems("server/workflows/violating.ts", `import { createCartService } from "../modules/cart";`)).toEqual([]);
    expect(await problems("server/workflows/violating.ts", `export { createCartService } from "../modules/cart/service";`)).toHaveLength(1);
    expect(await problems("server/workflows/violating.ts", `const m = await import("../modules/cart/service");`)).toHaveLength(1);
  });

  it("refuses another module's inner file from a module, page or script", async () => {
    expect(await problems("server/modules/orders/violating.ts", `import type { CartView } from "../cart/view";`)).toHaveLength(1);
    expect(await problems("app/features/cart/violating.server.ts", `import type { CartView } from "../../../server/modules/cart/view";`)).toHaveLength(1);
    expect(await problems("scripts/violating.ts", `import { createCartService } from "../server/modules/cart/service";`)).toHaveLength(1);
  });

  it("lets a module's own files import each other, tables included", async () => {
    expect(await problems("server/modules/cart/violating.ts", `import { carts } from "./schema"; import { createCartService } from "./service";`)).toEqual([]);
  });

  it("keeps a module's tables inside it, but for the schema list, foreign keys and read models", async () => {
    const tables = `import { carts } from "../modules/cart/schema";`;
    expect(await problems("server/workflows/violating.ts", tables)).toEqual([
      "The cart module's tables are its own: call its service through server/modules/cart/index.ts, or read across modules in server/read-models/.",
    ]);
    expect(await problems("server/modules/orders/violating.ts", `import { carts } from "../cart/schema";`)).toHaveLength(1);
    expect(await problems("server/read-models/violating.ts", tables)).toEqual([]);
    expect(await problems("server/testing/violating.ts", tables)).toEqual([]);
    expect(await problems("server/db/schema.ts", `export * from "../modules/cart/schema";`)).toEqual([]);
    expect(await problems("server/modules/orders/schema.ts", `import { carts } from "../cart/schema";`)).toEqual([]);
  });

  it("keeps server/testing/ out of production code", async () => {
    const factory = (from: string) => `import { staffMember } from "${from}";`;
    expect(await problems("server/workflows/violating.ts", factory("../testing/staff"))).toEqual([
      "Production code does not import server/testing/: test set-up belongs to tests.",
    ]);
    expect(await problems("app/routes/violating.server.ts", factory("../../server/testing/staff"))).toHaveLength(1);
    expect(await problems("server/workflows/violating.test.ts", factory("../testing/staff"))).toEqual([]);
    expect(await problems("server/testing/violating.ts", factory("./staff"))).toEqual([]);
    expect(await problems("tests/hostile/violating.ts", factory("../../server/testing/staff"))).toEqual([]);
    expect(await problems("scripts/e2e-operators.ts", factory("../server/testing/staff"))).toEqual([]);
  });
});
