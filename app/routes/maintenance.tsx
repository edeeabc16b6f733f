import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";

export const meta = titleMeta("maintenance");

/** Gated state of SPEC §2: no layout, public. */
export default function Maintenance() {
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-secondary">{usePageTitle("maintenance")}</h1>
      <p className="mt-4 text-lg">We are making the shop better and will be back shortly. Thank you for your patience.</p>
    </main>
  );
}
