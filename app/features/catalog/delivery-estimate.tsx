import { Link } from "react-router";
import type { ZipRange } from "../../../rules/shared/zip";
import { ZipForm } from "./zip-form";

export type DeliveryInfo = {
  zip: string;
  /** CLINIC: a staff member's orders go to their clinic, whose ZIP this is (changed in My Clinic, not here). */
  destination: "HOME" | "CLINIC";
  /** The warehouse serving the ZIP; null when none does (only with the ZIP-check bypass). */
  warehouse: { code: string; city: string; state: string } | null;
  /** "Estimated delivery Tue, Mar 4 to 80011", the Hawaii text of SPEC §6, or null when unknown. */
  text: string | null;
  servedRanges: ZipRange[];
  bypass: boolean;
};

/** Stock for the shopper's ZIP, the delivery promise, and the ZIP entry to change it. */
export function DeliveryEstimate({ info, inStock }: { info: DeliveryInfo; inStock: boolean }) {
  return (
    <section aria-labelledby="delivery-heading" className="rounded-lg border border-gray-200 p-4">
      <h2 id="delivery-heading" className="sr-only">
        Stock and delivery
      </h2>
      <p className={`font-semibold ${inStock ? "text-success-dark" : "text-error"}`} data-testid="stock-status">
        {inStock ? (info.warehouse ? `In stock at ${info.warehouse.city}` : "In stock") : `Out of stock for ${info.zip}`}
      </p>
      {inStock && info.text && (
        <p className="mt-1 text-sm" data-testid="delivery-estimate">
          {info.text}
        </p>
      )}
      {info.destination === "CLINIC" ? (
        <p className="mt-3 text-sm" data-testid="delivery-destination">
          Your orders go to your clinic ({info.zip}).{" "}
          <Link to="/account/my-clinic" className="underline">
            Choose home delivery
          </Link>
        </p>
      ) : (
        <div className="mt-3">
          <ZipForm currentZip={info.zip} servedRanges={info.servedRanges} bypass={info.bypass} label="Delivery ZIP code" />
        </div>
      )}
    </section>
  );
}
