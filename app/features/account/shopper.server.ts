import type { AppLoadContext } from "react-router";
import { shopperHeader, type ShopperHeader } from "../../../server/read-models/shopper-header";

/** The header's shopper as a page's loader reads it: the same answer as `GET /api/shopper`. */
export function shopperOfRequest(context: AppLoadContext, cookieHeader: string | null): Promise<ShopperHeader> {
  return shopperHeader(context.services, context.site.id, context, cookieHeader);
}
