import { useEffect, useId, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { centredPosition, DIALOG_REPOSITION_DEBOUNCE_MS, modalShowDelay } from "../../../rules/shared/dialog-position";
import { lineOption, type CartActionData, type CartLineView, type CartView, type CartWarning } from "./cart-types";
import { trackRemoveFromCart } from "./data-layer";
import { FreeShippingBar } from "./free-shipping-bar";
import { LineImage } from "./line-image";
import { CheckCircleIcon } from "../status-icons";
import { DialogCloseButton, dialogToShow, giveFocusBack, showModal } from "../modal-dialog";
import { formatMoney } from "../../../rules/shared/money";

/**
 * The add-to-cart modal of SPEC §2/§4: the added item, Continue Shopping (closes), Go to Cart and
 * Remove this Product (sets the line's quantity to 0, then closes). A native <dialog> opened with
 * showModal(): the browser makes it modal (aria-modal, the page behind inert, focus kept inside,
 * Escape closes) and puts it in the top layer; the SPEC §9 layers (dialog 2400 over an overlay at
 * 2000) are set for anything else stacked by z-index. It is not shown during the first 750 ms after
 * the page mounted (an add finishing earlier shows once they have passed), stays centred when the
 * window is resized (300 ms debounce) and may close itself after `autoCloseMs` (0: never). The page
 * passes `mountedAt` (its own mount, performance.now()) when the modal mounts later than the page.
 */
export function AddToCartModal({
  open,
  line,
  cart,
  warnings,
  isStaff,
  onClose,
  autoCloseMs = 0,
  mountedAt: pageMountedAt,
}: {
  open: boolean;
  line: CartLineView | null;
  cart: CartView | null;
  warnings: CartWarning[];
  isStaff: boolean;
  onClose: () => void;
  autoCloseMs?: number;
  mountedAt?: number;
}) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const firstAction = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<Element | null>(null);
  const mountedAt = useRef(0);
  const remover = useFetcher<CartActionData>({ key: "add-to-cart-remove" });

  useEffect(() => {
    mountedAt.current = pageMountedAt ?? performance.now();
  }, [pageMountedAt]);

  // Show (after the mount delay) and hide the dialog as `open` says.
  useEffect(() => {
    const el = dialogToShow(dialog.current, open);
    if (!el) return;
    const reposition = () => {
      const { top, left } = centredPosition({ width: window.innerWidth, height: window.innerHeight }, { width: el.offsetWidth, height: el.offsetHeight });
      el.style.top = `${top}px`;
      el.style.left = `${left}px`;
    };
    let resizeTimer: number | undefined;
    const onResize = () => {
      window.clearTimeout(resizeTimer);
      resizeTimer = window.setTimeout(reposition, DIALOG_REPOSITION_DEBOUNCE_MS);
    };
    let autoCloseTimer: number | undefined;
    const showTimer = window.setTimeout(
      () => {
        if (el.open) return;
        showModal(el, returnFocus);
        reposition();
        firstAction.current?.focus();
        window.addEventListener("resize", onResize);
        if (autoCloseMs > 0) autoCloseTimer = window.setTimeout(() => el.close(), autoCloseMs);
      },
      modalShowDelay(performance.now() - mountedAt.current),
    );
    return () => {
      window.clearTimeout(showTimer);
      window.clearTimeout(resizeTimer);
      window.clearTimeout(autoCloseTimer);
      window.removeEventListener("resize", onResize);
    };
  }, [open, autoCloseMs]);

  // Remove this Product: once the cart has answered, record it and close.
  const removed = remover.state === "idle" ? remover.data : undefined;
  useEffect(() => {
    if (!removed?.removed) return;
    trackRemoveFromCart(removed.removed, isStaff);
    dialog.current?.close();
  }, [removed, isStaff]);

  const removing = remover.state !== "idle";
  const removeError = removed && !removed.cart ? Object.values(removed.errors)[0] : undefined;
  const size = line ? lineOption(line, "Size") : undefined;
  const flavor = line ? lineOption(line, "Flavor") : undefined;
  const button = "flex min-h-11 items-center justify-center rounded px-4 py-2 text-center font-bold";

  return (
    <dialog
      ref={dialog}
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      onClose={() => {
        onClose();
        giveFocusBack(returnFocus);
      }}
      className="fixed m-0 max-h-[calc(100vh-32px)] w-[min(560px,calc(100vw-32px))] overflow-auto rounded-lg bg-white p-0 text-ink shadow-2xl backdrop:bg-black/50"
      style={{ zIndex: 2400 }}
      data-testid="add-to-cart-modal"
    >
      {line && (
        <div className="space-y-4 p-5">
          <div className="flex items-start justify-between gap-4">
            <h2 id={`${id}-title`} className="flex items-center gap-2 text-xl font-bold text-secondary">
              <CheckCircleIcon className="h-6 w-6 text-success-dark" />
              Added to your cart
            </h2>
            <DialogCloseButton onClick={() => dialog.current?.close()} />
          </div>

          <div className="flex gap-4" data-testid="modal-line" data-sku={line.variant.sku}>
            <LineImage line={line} size={96} className="h-24 w-24 shrink-0" />
            <div className="min-w-0 text-sm">
              <p className="text-base font-semibold text-secondary">{line.product.title}</p>
              {(size || flavor) && <p className="text-gray-700">{[size, flavor].filter(Boolean).join(" · ")}</p>}
              {line.sellingPlanAllocation && <p className="font-semibold text-success-dark">{line.sellingPlanAllocation.sellingPlan.name}</p>}
              <p className="mt-1">
                Quantity in cart: <span data-testid="modal-quantity">{line.quantity}</span>
              </p>
              <p className="font-semibold">{formatMoney(line.cost.subtotalAmount)}</p>
            </div>
          </div>

          <div role="status" aria-live="polite" className="text-sm font-semibold text-error">
            {warnings.map((w) => (
              <p key={w.message}>{w.message}</p>
            ))}
            {removeError && <p>{removeError}</p>}
          </div>

          {cart && (
            <div className="space-y-3 rounded bg-mist px-4 py-3">
              <p className="flex justify-between text-sm">
                <span>
                  Cart Subtotal ({cart.totalQuantity} {cart.totalQuantity === 1 ? "item" : "items"})
                </span>
                <span className="font-semibold">{formatMoney(cart.cost.subtotalAmount)}</span>
              </p>
              {!isStaff && <FreeShippingBar progress={cart.freeShipping} compact />}
            </div>
          )}

          <div className="grid gap-3 sm:grid-cols-2">
            <button
              ref={firstAction}
              type="button"
              onClick={() => dialog.current?.close()}
              className={`${button} border-2 border-primary text-primary hover:bg-mist`}
            >
              Continue Shopping
            </button>
            <Link to="/cart" className={`${button} bg-primary text-white hover:bg-secondary`}>
              Go to Cart
            </Link>
            <button
              type="button"
              aria-disabled={removing || undefined}
              onClick={() => {
                if (removing) return;
                remover.submit({ intent: "remove", lineId: line.id }, { method: "post", action: "/cart" });
              }}
              className="min-h-11 text-sm font-semibold text-error underline-offset-2 hover:underline sm:col-span-2"
            >
              {removing ? "Removing…" : "Remove this Product"}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
