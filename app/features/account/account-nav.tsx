import { NavLink } from "react-router";
import type { Site } from "../../../rules/shared/site";
import { pageTitle } from "../../../rules/shared/page-titles";

/** The account area's links (SPEC §2 account routes), titled per site. */
export function AccountNav({ site }: { site: Site }) {
  const items = [
    { to: "/account/dashboard", label: pageTitle("dashboard", site) },
    { to: "/account/my-profile", label: pageTitle("profile", site) },
    { to: "/account/address-book", label: pageTitle("addressBook", site) },
    { to: "/account/pets", label: pageTitle("pets", site) },
    { to: "/account/orders", label: pageTitle("orders", site) },
    ...(site.isStaff
      ? [{ to: "/account/my-clinic", label: pageTitle("myClinic", site) }]
      : [{ to: "/account/autoships", label: pageTitle("autoships", site) }]),
  ];
  return (
    <nav aria-label="Account pages" className="mt-4 border-b border-gray-200 pb-3">
      <ul className="flex flex-wrap gap-x-5 gap-y-2">
        {items.map((i) => (
          <li key={i.to}>
            <NavLink to={i.to} end className={({ isActive }) => `font-medium ${isActive ? "text-secondary underline" : "text-primary hover:underline"}`}>
              {i.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
