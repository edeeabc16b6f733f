import { useEffect } from "react";
import { useLocation } from "react-router";
import { accountPageKind, readMemory, recordVisit, writeMemory } from "../../../rules/catalog/breadcrumbs";

/**
 * Records the account page's breadcrumb kind (SPEC §2: My Account, My Profile, My Orders, My Order
 * Details, My Autoships, Address Book) in the breadcrumb memory of session storage, so the next
 * page knows where the shopper came from. Used once, by the /account layout, for every child page.
 */
export function useAccountPageKind(enabled: boolean) {
  const location = useLocation();
  useEffect(() => {
    const kind = accountPageKind(location.pathname);
    if (!enabled || !kind) return;
    let storage: Storage | null = null;
    try {
      storage = window.sessionStorage;
    } catch {
      // Storage blocked (private mode): nothing is remembered.
    }
    writeMemory(storage, recordVisit(readMemory(storage), { kind, url: location.pathname + location.search }));
    // location.key: opening the same page again is a new visit.
  }, [enabled, location.pathname, location.search, location.key]);
}
