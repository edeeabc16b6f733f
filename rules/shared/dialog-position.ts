// Where a dialog sits (SPEC §4 add-to-cart modal "repositioned with a 300 ms debounce"): centred in
// the viewport, never closer than a margin to its edges; a dialog taller or wider than the room
// starts at the margin (and scrolls inside).

export const DIALOG_REPOSITION_DEBOUNCE_MS = 300;
/** The add-to-cart modal stays hidden this long after the page mounted (SPEC §4). */
export const ADD_TO_CART_MODAL_MOUNT_DELAY_MS = 750;

export type Box = { width: number; height: number };

export function centredPosition(viewport: Box, dialog: Box, margin = 16): { top: number; left: number } {
  const place = (room: number, size: number) => Math.max(margin, Math.round((room - size) / 2));
  return { top: place(viewport.height, dialog.height), left: place(viewport.width, dialog.width) };
}

/** How long to wait before showing the modal, given how long ago the page mounted. */
export function modalShowDelay(msSinceMount: number, delayMs = ADD_TO_CART_MODAL_MOUNT_DELAY_MS): number {
  return Math.max(0, Math.ceil(delayMs - msSinceMount));
}
