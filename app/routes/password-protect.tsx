import { NotBuiltYet } from "../components/screen";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";

export const meta = titleMeta("passwordProtect");

/** Gated state of SPEC §2: no layout, public. Unlocking arrives with the content issue. */
export default function PasswordProtect() {
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-secondary">{usePageTitle("passwordProtect")}</h1>
      <NotBuiltYet what="Unlocking the shop with a password" />
    </main>
  );
}
