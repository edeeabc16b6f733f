import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { ContentAnchor } from "./content-parts";
import type { NavigationContent } from "./content-types";

// The header's main menu from content (navigation "main-menu"). Items with groups open a dropdown:
// a disclosure button (aria-expanded) for keyboard and touch, and hover with the delays of SPEC §9
// (open 300 ms, close 250 ms, dropdown max height 310). Escape closes and returns focus.

export const MENU_OPEN_DELAY_MS = 300;
export const MENU_CLOSE_DELAY_MS = 250;

type Item = NavigationContent["items"][number];

export function MainNav({ items }: { items: Item[] }) {
  const { pathname } = useLocation();
  // A menu belongs to the page it was opened on: a navigation closes it.
  const [opened, setOpened] = useState<{ index: number; pathname: string } | null>(null);
  const open = opened?.pathname === pathname ? opened.index : null;
  const setOpen = (next: number | null | ((current: number | null) => number | null)) =>
    setOpened((current) => {
      const now = current?.pathname === pathname ? current.index : null;
      const index = typeof next === "function" ? next(now) : next;
      return index === null ? null : { index, pathname };
    });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const later = (fn: () => void, ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(fn, ms);
  };

  return (
    <nav aria-label="Main" className="bg-secondary">
      <ul className="mx-auto flex max-w-7xl flex-wrap gap-x-1 px-2">
        {items.map((item, i) => {
          const hasMenu = item.groups.length > 0;
          const isOpen = open === i;
          const menuId = `main-menu-${i}`;
          return (
            <li
              key={item.url + item.text}
              className="relative flex"
              onMouseEnter={hasMenu ? () => later(() => setOpen(i), MENU_OPEN_DELAY_MS) : undefined}
              onMouseLeave={hasMenu ? () => later(() => setOpen((o) => (o === i ? null : o)), MENU_CLOSE_DELAY_MS) : undefined}
              onKeyDown={(e) => {
                if (e.key === "Escape" && isOpen) {
                  setOpen(null);
                  buttons.current[i]?.focus();
                }
              }}
              onBlur={(e) => {
                if (isOpen && !e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(null);
              }}
            >
              <NavLink
                to={item.url}
                className={({ isActive }) =>
                  `block py-2 text-sm font-semibold text-white hover:bg-primary ${hasMenu ? "pl-3 pr-1" : "px-3"} ${isActive ? "bg-primary" : ""}`
                }
              >
                {item.text}
              </NavLink>
              {hasMenu && (
                <button
                  ref={(el) => {
                    buttons.current[i] = el;
                  }}
                  type="button"
                  aria-expanded={isOpen}
                  aria-controls={menuId}
                  aria-label={`${item.text} menu`}
                  // At least 24 px wide: a target size a finger or a shaky hand can hit (WCAG 2.5.8).
                  className="min-w-6 px-2 text-white hover:bg-primary"
                  onClick={() => {
                    clearTimeout(timer.current);
                    setOpen(isOpen ? null : i);
                  }}
                >
                  <span aria-hidden="true" className={`inline-block text-xs transition ${isOpen ? "rotate-180" : ""}`}>
                    ▾
                  </span>
                </button>
              )}
              {hasMenu && (
                <div
                  id={menuId}
                  hidden={!isOpen}
                  className="absolute left-0 top-full z-30 max-h-[310px] w-[min(90vw,40rem)] overflow-y-auto rounded-b-lg border border-gray-200 bg-white p-4 shadow-lg"
                  data-testid="nav-dropdown"
                >
                  <div className="grid gap-4 sm:grid-cols-3">
                    {item.groups.map((group) => (
                      <div key={group.heading}>
                        <p className="text-xs font-bold uppercase tracking-wide text-gray-600">{group.heading}</p>
                        <ul className="mt-2 space-y-1">
                          {group.links.map((link) => (
                            <li key={link.url}>
                              <ContentAnchor link={link} className="block rounded px-1 py-0.5 text-secondary hover:bg-mist hover:underline" />
                            </li>
                          ))}
                        </ul>
                      </div>
                    ))}
                  </div>
                  <Link to={item.url} className="mt-3 inline-block text-sm font-semibold text-primary hover:underline">
                    See all {item.text}
                  </Link>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
