// `npm run clinics:members -- pending | approve <email> | reject <email> | revoke <email>`: the
// operator's side of clinic memberships on the staff site (until the operator console has screens
// for it). Approving registers the member at once; rejecting or revoking unregisters them. Against
// DATABASE_URL or the embedded database (only while the shop is stopped: PGlite is one process's).
import { runOperatorCommand } from "./lib/operator-command";

const [command, email] = process.argv.slice(2);
const usage = "usage: npm run clinics:members -- pending | approve <email> | reject <email> | revoke <email>";
if (!(command === "pending" || (["approve", "reject", "revoke"].includes(command ?? "") && email))) {
  console.error(usage);
  process.exit(1);
}

await runOperatorCommand(async ({ services }) => {
  if (command === "pending") {
    const pending = await services.clinics.pendingMemberships();
    for (const p of pending) {
      const who = await services.identity.summary(p.customerId);
      console.log(`${p.createdAt.toISOString()}  ${who?.email ?? p.customerId}  →  ${p.clinic.name} (${p.clinic.groupID})`);
    }
    if (pending.length === 0) console.log("No memberships wait for approval.");
    return 0;
  }
  const member = await services.identity.findByEmail(email!, "hpsf");
  const current = member ? await services.clinics.current(member.id) : null;
  if (!member || !current) {
    console.error(`${email}: no staff account with a current clinic membership`);
    return 1;
  }
  const r =
    command === "approve"
      ? await services.membership.approve(current.membership.id, "operator")
      : await services.membership.end(current.membership.id, "operator");
  if (!r.ok) {
    console.error(`${email}: not changed (${r.code}): ${r.message}`);
    return 1;
  }
  const done = command === "approve" ? "approved: registered" : command === "reject" ? "rejected: not registered" : "revoked: unregistered";
  console.log(`${email} at ${r.clinic.name}: ${done}`);
  return 0;
});
