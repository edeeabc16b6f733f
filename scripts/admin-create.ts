// `npm run admin:create -- EMAIL ROLE`: a one-time console setup link (24 hours) for EMAIL with
// ROLE (owner, manager, support, content, fulfilment, marketing), printed on stdout — the shell's way to the
// first owner, or back in when every owner lost access. Against DATABASE_URL or the embedded
// database (only while the shop is stopped: PGlite is one process's).
import { isOperatorRole, OPERATOR_ROLES } from "../rules/console/operator-roles";
import { runOperatorCommand } from "./lib/operator-command";

const [email, role] = process.argv.slice(2);
if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || !isOperatorRole(role)) {
  console.error(`usage: npm run admin:create -- EMAIL ROLE   (ROLE: ${OPERATOR_ROLES.join(", ")})`);
  process.exit(1);
}

await runOperatorCommand(async ({ services, config }) => {
  const link = await services.operators.issueSetupLink({ email, role, createdBy: "npm run admin:create" });
  await services.operators.audit({
    operator: { id: "", email: "shell" },
    action: "operator.invite",
    targetType: "operator",
    targetId: email.toLowerCase(),
    outcome: "ok",
    after: { role },
  });
  console.log(`${config.publicUrl ?? `http://localhost:${config.port}`}/admin/setup?token=${link.token}`);
  console.log(`(one-time, until ${link.expiresAt.toISOString()})`);
  return 0;
});
