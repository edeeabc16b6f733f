import type { Hono } from "hono";
import { z } from "zod";
import {
  addLinesInput,
  createCartInput,
  getCartInput,
  removeLinesInput,
  updateAttributesInput,
  updateBuyerIdentityInput,
  updateDiscountCodesInput,
  updateLinesInput,
  updateNoteInput,
} from "../../rules/cart-input";
import {
  addressCreateInput,
  addressDeleteInput,
  addressUpdateInput,
  createCustomerTokenInput,
  defaultAddressInput,
  deleteCacheItemInput,
  deleteMetafieldInput,
  getLastOrderInput,
  getOrderInput,
  getOrdersInput,
  getSubscriptionsInput,
  multipassInput,
  refreshSessionInput,
  sendContactInput,
  sessionOnlyInput,
  updateCustomerInput,
} from "../../rules/customer-input";
import { attachCartInput, cartDonationInput, clickstreamBatch, clickstreamEnvelope, confirmationInput, integrationInfoInput, setCauseInput, startTrackingInput } from "../../rules/donation-input";
import { fetchAddressInput, identityJwtInput, joinClinicInput, searchClinicInput } from "./clinics";
import { errorReportInput } from "./errors-api";
import { analyticsConfigInput } from "./consent";
import { consentRecordInput } from "../../rules/consent-record";
import { reviewModerateInput, reviewRespondInput, reviewSubmitInput } from "../../rules/review-input";
import type { AppEnv } from "./env";

/** Request bodies whose schemas are shared (rules/); other calls are listed with their method only. */
const REQUEST_BODIES: Record<string, z.ZodType> = {
  "/ecom/v1.0/get-cart": getCartInput,
  "/ecom/v1.0/create-cart": createCartInput,
  "/ecom/v1.0/add-cart-line-items": addLinesInput,
  "/ecom/v1.0/remove-cart-line-items": removeLinesInput,
  "/ecom/v1.0/update-cart-line-items": updateLinesInput,
  "/ecom/v1.0/update-cart-attributes": updateAttributesInput,
  "/ecom/v1.0/update-cart-buyer-identity": updateBuyerIdentityInput,
  "/ecom/v1.0/update-cart-discount-codes": updateDiscountCodesInput,
  "/ecom/v1.0/update-cart-note": updateNoteInput,
  // Customer and account calls (rules/customer-input.ts; profile, address and contact forms share them).
  "/ecom/v1.0/get-storefront-customer": sessionOnlyInput,
  "/ecom/v1.0/get-storefront-orders": getOrdersInput,
  "/ecom/v1.0/get-storefront-last-order": getLastOrderInput,
  "/ecom/v1.0/get-storefront-order": getOrderInput,
  "/ecom/v1.0/update-customer": updateCustomerInput,
  "/ecom/v1.0/delete-metafield": deleteMetafieldInput,
  "/ecom/v1.0/update-customer-default-address": defaultAddressInput,
  "/ecom/v1.0/customer-address-create": addressCreateInput,
  "/ecom/v1.0/customer-address-update": addressUpdateInput,
  "/ecom/v1.0/customer-address-delete": addressDeleteInput,
  "/ecom/v1.0/refresh-session-token": refreshSessionInput,
  "/ecom/v1.0/create-customer-token": createCustomerTokenInput,
  "/get-subscriptions": getSubscriptionsInput,
  "/send-contact-us": sendContactInput,
  "/crypto": sessionOnlyInput,
  // The staff site's identity JWT and clinic calls (SPEC §7 "Identity and clinic").
  "/identity/jwt": identityJwtInput,
  "/identity/search-clinic": searchClinicInput,
  "/identity/fetch-address": fetchAddressInput,
  "/identity/join-clinic": joinClinicInput,
  "/multipass": multipassInput,
  "/delete-cache-item": deleteCacheItemInput,
  // The donation provider (SPEC §7 "Donations"; the store id travels in the x-store-id header).
  "/donations/tracking": startTrackingInput,
  "/donations/tracking/:trackingId/set-cause": setCauseInput,
  "/donations/tracking/:trackingId/add-integration-info": integrationInfoInput,
  "/donations/tracking/:trackingId/set-confirmation-data": confirmationInput,
  "/donations/tracking/:trackingId/cart": attachCartInput,
  "/donations/products/get-multiple-donation": cartDonationInput,
  "/donations/clickstream/events": z.union([clickstreamEnvelope, clickstreamBatch]),
  // Browser error reports (server/http/errors-api.ts).
  "/errors": errorReportInput,
  // Proof of consent and the analytics configuration check (server/http/consent.ts).
  "/consent": consentRecordInput,
  "/analytics/config": analyticsConfigInput,
  // Product reviews (server/http/reviews.ts): a customer's review, the operator's moderation.
  "/reviews/products/:productId": reviewSubmitInput,
  "/reviews/:reviewId/moderate": reviewModerateInput,
  "/reviews/:reviewId/respond": reviewRespondInput,
};

const API_ERROR = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: {
        code: { type: "string" },
        message: { type: "string" },
        fields: { type: "object", additionalProperties: { type: "string" } },
      },
    },
  },
};

/**
 * The OpenAPI document of the JSON API (ARCHITECTURE §4), built from the routes actually registered,
 * so a call can never be served without being listed.
 */
export function openApiDocument(api: Hono<AppEnv>) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of api.routes) {
    if (route.method === "ALL" || route.path.includes("*")) continue;
    const path = route.path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}");
    const body = REQUEST_BODIES[route.path];
    const errorResponse = (description: string) => ({
      description,
      content: { "application/json": { schema: { $ref: "#/components/schemas/ApiError" } } },
    });
    (paths[`/api${path}`] ??= {})[route.method.toLowerCase()] = {
      operationId: `${route.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+/g, "_")}`,
      ...(body
        ? { requestBody: { required: true, content: { "application/json": { schema: z.toJSONSchema(body, { io: "input" }) } } } }
        : {}),
      responses: {
        "200": { description: "OK" },
        "400": errorResponse("Bad input: the message names the field"),
        "401": errorResponse("No valid session"),
        "404": errorResponse("Not found, or not yours"),
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Pet-food shop API", version: "1.0.0", description: "The JSON API of SPEC §7 (ARCHITECTURE §4)." },
    paths,
    components: { schemas: { ApiError: API_ERROR } },
  };
}
