// Browser tests only: one-time console setup links made from the shell before the shop starts (as
// an operator would with `npm run admin:create`), one per test that needs an operator, written to
// the file named by the first argument as { key: url }. Each link is used once, by one test.
import { writeFileSync } from "node:fs";
import type { OperatorRole } from "../rules/operator-roles";
import { runOperatorCommand } from "./lib/operator-command";

/** key → role; the operator's e-mail is `e2e-<key>@example.test`. */
export const E2E_OPERATORS = {
  "security-manager": "manager",
  "catalog-manager": "manager",
  "catalog-support": "support",
  "customers-manager": "manager",
  "customers-support": "support",
  "subscriptions-support": "support",
  "content-editor": "content",
  "content-fulfilment": "fulfilment",
} as const satisfies Record<string, OperatorRole>;

const [file] = process.argv.slice(2);
if (file)
  await runOperatorCommand(async ({ services, config }) => {
    const links: Record<string, string> = {};
    for (const [key, role] of Object.entries(E2E_OPERATORS)) {
      const link = await services.operators.issueSetupLink({ email: `e2e-${key}@example.test`, role, createdBy: "e2e" });
      links[key] = `${config.publicUrl ?? `http://localhost:${config.port}`}/admin/setup?token=${link.token}`;
    }
    writeFileSync(file, JSON.stringify(links, null, 2));
    return 0;
  });
