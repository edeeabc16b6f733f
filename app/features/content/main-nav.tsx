import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { ContentLinkList } from "./content-parts";
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
    // Looks: the named classes of app/components/shell.css (.mnav, .mnav-menu).
    <nav aria-label="Main" className="mnav">
      <ul>
        {items.map((item, i) => {
          const hasMenu = item.groups.length > 0;
          const isOpen = open === i;
          const menuId = `main-menu-${i}`;
          return (
            <li
              key={item.url + item.text}
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
              {/* The current page's link has the class "active"; the others none (not an empty class="" each). */}
              <NavLink to={item.url} className={({ isActive }) => (isActive ? "active" : undefined)}>
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
                  onClick={() => {
                    clearTimeout(timer.current);
                    setOpen(isOpen ? null : i);
                  }}
                >
                  <span aria-hidden="true">▾</span>
                </button>
              )}
              {hasMenu && (
                <div id={menuId} hidden={!isOpen} className="mnav-menu" data-testid="nav-dropdown">
                  <div>
                    {item.groups.map((group) => (
                      <div key={group.heading}>
                        <p>{group.heading}</p>
                        <ContentLinkList links={group.links} />
                      </div>
                    ))}
                  </div>
                  <Link to={item.url}>{`See all ${item.text}`}</Link>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
