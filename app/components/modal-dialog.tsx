import type { RefObject } from "react";

// What the shop's modal dialogs (the add-to-cart modal, the cookie preferences) share: a native
// <dialog> shown with showModal() while the page says it is open, the focus given back on close to
// what had it before, and the × that closes it.

/** The dialog to show now, or null: without an element, or when it should be closed (it is closed, if open). */
export function dialogToShow(el: HTMLDialogElement | null, open: boolean): HTMLDialogElement | null {
  if (!el) return null;
  if (!open) {
    if (el.open) el.close();
    return null;
  }
  return el;
}

/** Shows `el` as a modal, keeping in `returnFocus` what had the focus until then. */
export function showModal(el: HTMLDialogElement, returnFocus: RefObject<Element | null>) {
  returnFocus.current = document.activeElement;
  el.showModal();
}

/** After the dialog closed: the focus goes back where it was, if that is still on the page. */
export function giveFocusBack(returnFocus: RefObject<Element | null>) {
  const back = returnFocus.current;
  if (back instanceof HTMLElement && back.isConnected) back.focus();
}

const FOCUSABLE = "button:not([disabled]), input:not([disabled]), a[href], summary";

/** The dialog's first control: where the focus goes when it opens. */
export function firstControl(dialog: HTMLElement): HTMLElement | null {
  return dialog.querySelector<HTMLElement>(FOCUSABLE);
}

/** A dialog's keydown: Tab and Shift+Tab stay inside it (the browser would otherwise move on to its own UI). */
export function keepTabInside(event: React.KeyboardEvent<HTMLElement>) {
  if (event.key !== "Tab") return;
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null);
  if (items.length === 0) return;
  const first = items[0];
  const last = items[items.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** The × in a dialog's top corner, a 44 px target named "Close" for screen readers. */
export function DialogCloseButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="-m-2 flex h-11 w-11 shrink-0 items-center justify-center rounded text-2xl text-gray-600 hover:bg-mist"
      aria-label="Close"
    >
      <span aria-hidden="true">×</span>
    </button>
  );
}
