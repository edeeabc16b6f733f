import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import type { NavigationContent } from "../features/content/content-types";
import { ContentLinkList } from "../features/content/content-parts";
import { DialogCloseButton, firstControl, giveFocusBack, keepTabInside, showModal } from "./modal-dialog";

// The phone header's menu (below 768 px, shell.css): a button that opens a drawer, a modal <dialog>
// with the whole navigation and the account links. The focus moves into it, Tab stays inside,
// Escape or the × closes it and gives the focus back to the button; a navigation closes it.
// Without the script the button is a link to the drawer's #target, which shell.css shows as a
// plain panel (the same links, no trap needed: nothing is modal).

type Item = NavigationContent["items"][number];

export const PHONE_MENU_ID = "site-menu";

export function PhoneMenu({ items, children }: { items: Item[]; children: ReactNode }) {
  const { key } = useLocation();
  const dialog = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<Element | null>(null);
  // Open while the page it was opened on is shown: a navigation (a link in the drawer, or the back
  // button) closes it.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = openedAt === key;

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      showModal(el, returnFocus);
      firstControl(el)?.focus();
    } else if (!open && el.open) {
      // Closed by a navigation: the new page takes the focus, not the menu button.
      if (openedAt !== null) returnFocus.current = null;
      el.close();
    }
  }, [open, openedAt]);

  return (
    <>
      <a
        href={`#${PHONE_MENU_ID}`}
        className="hdr-icon hdr-menu"
        aria-label="Menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={(event) => {
          event.preventDefault();
          setOpenedAt(key);
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </a>
      <dialog
        ref={dialog}
        id={PHONE_MENU_ID}
        className="drawer"
        aria-label="Menu"
        onKeyDown={keepTabInside}
        onClose={() => {
          setOpenedAt(null);
          giveFocusBack(returnFocus);
        }}
        // A tap on the backdrop (outside the panel) closes it.
        onClick={(event) => {
          if (event.target === event.currentTarget) dialog.current?.close();
        }}
        data-testid="phone-menu"
      >
        <div className="drawer-body">
          <div className="drawer-head">
            <p>Menu</p>
            <DialogCloseButton onClick={() => dialog.current?.close()} />
          </div>
          <nav aria-label="Menu">
            <ul>
              {items.map((item) => (
                <li key={item.url + item.text}>
                  <Link to={item.url}>{item.text}</Link>
                  {item.groups.length > 0 && (
                    <details>
                      <summary>{`More in ${item.text}`}</summary>
                      {item.groups.map((group) => (
                        <div key={group.heading}>
                          <p>{group.heading}</p>
                          <ContentLinkList links={group.links} />
                        </div>
                      ))}
                    </details>
                  )}
                </li>
              ))}
            </ul>
            <div className="drawer-account">{children}</div>
          </nav>
        </div>
      </dialog>
    </>
  );
}
