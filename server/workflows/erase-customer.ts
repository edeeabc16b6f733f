import { isUuid } from "../../rules/shared/ids";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { retryOnDeadlock } from "../db/deadlock";
import { answerOrCommit } from "../db/transaction";
import { cancelForErasure } from "../modules/autoship";
import { eraseCarts, lockCartsOf } from "../modules/cart";
import { endMembershipsForErasure } from "../modules/clinics";
import { eraseContactMessages } from "../modules/contact";
import { erasePets } from "../modules/pets";
import { erasedEmail, eraseIdentity, lockCustomer, type IdentityErasure } from "../modules/identity";
import { eraseMailsTo } from "../modules/mail";
import { eraseSubscriber } from "../modules/marketing";
import { anonymiseOrdersOf } from "../modules/orders";
import { lockBuyer } from "../modules/orders";
import { erasePaymentMethods } from "../modules/payments";
import { eraseAttemptsOf } from "../modules/rate-limit";
import { eraseReviewsOf } from "../modules/reviews";

// Erase a customer's personal data on request. Guarantees:
//
// 1. ONE transaction: everything below happens, or nothing does.
// 2. Locks in the checkout's order (place-order guarantee 6: cart, then buyer), then the customer's
//    row, orders and subscriptions: the customer's carts FOR UPDATE, place-order's per-buyer advisory
//    lock, the customer row FOR UPDATE. A checkout of this customer either finished before (its
//    order is then anonymised like the others) or starts after and finds no cart; one whose payment
//    step is still to run finds its order cancelled and charges nothing (server/modules/orders/erasure.ts).
// 3. After it: the account cannot sign in or reset its password (identity/erasure.ts); e-mail, name
//    and phone are placeholders; addresses, saved cards (processor tokens), sessions, metafields,
//    carts (and their checkouts), reset tokens, the rate-limit rows naming the address, the contact
//    messages it sent and the outbox copies of mails sent to it are gone or blanked; a current clinic
//    membership is ended; active and paused subscriptions are cancelled (reason "account erased");
//    the customer's reviews are deleted and their helpful votes removed, both uncounted; their pet
//    profiles are deleted; the marketing list's rows of the account or its address (every site) go
//    with their consent log.
//    Orders are KEPT with their lines and totals, anonymised.
// 4. Idempotent: erasing an erased account finds nothing more to remove and answers ok.
// 5. The answer holds ids and counts only — what the audit log may keep — never the erased data.

export type ErasureCounts = IdentityErasure & {
  orders: number;
  cancelledUnpaidOrders: number;
  subscriptions: number;
  cancelledSubscriptions: number;
  paymentMethods: number;
  carts: number;
  mails: number;
  contactMessages: number;
  clinicMemberships: number;
  reviews: number;
  reviewVotes: number;
  pets: number;
  marketingSubscribers: number;
};

export type EraseResult =
  | { ok: true; customerId: string; counts: ErasureCounts }
  | { ok: false; code: "NOT_FOUND"; field: "customerId"; message: string }
  | { ok: false; code: "CONFIRMATION_MISMATCH"; field: "confirmEmail"; message: string }
  | { ok: false; code: "RENEWAL_IN_PROGRESS"; field: "form"; message: string };

/**
 * `confirmEmail`: the operator's typed confirmation, checked against the account's e-mail as it is
 * under the lock (an erased account's is its placeholder, so a second erasure is confirmed the same way).
 */
export async function eraseCustomer(deps: { db: Db; clock: Clock }, customerId: string, confirmEmail: string): Promise<EraseResult> {
  if (!isUuid(customerId)) return { ok: false, code: "NOT_FOUND", field: "customerId", message: "No such customer." };
  // A checkout's payment step locks its order, then (saving a card) the customer's row, then its
  // cart — the reverse of this order. PostgreSQL breaks such a deadlock by failing one side; when
  // it is this one, nothing was written and it runs again (the checkout has finished by then).
  return retryOnDeadlock(() => eraseOnce(deps, customerId, confirmEmail));
}

async function eraseOnce(deps: { db: Db; clock: Clock }, customerId: string, confirmEmail: string): Promise<EraseResult> {
  const { db } = deps;
  return answerOrCommit<EraseResult, Exclude<EraseResult, { ok: true }>>(db, async (tx, refuse) => {
    // Guarantee 2's lock order: carts (place-order locks the cart first), the buyer, the customer.
    const cartIds = await lockCartsOf(tx, customerId);
    await lockBuyer(tx, { customerId });
    const customer = await lockCustomer(tx, customerId);
    if (!customer) return refuse({ ok: false, code: "NOT_FOUND", field: "customerId", message: "No such customer." });
    if (customer.email !== confirmEmail.trim().toLowerCase())
      return refuse({ ok: false, code: "CONFIRMATION_MISMATCH", field: "confirmEmail", message: "Type the customer's e-mail exactly as shown to confirm." });
    const oldEmail = customer.email;
    const placeholder = erasedEmail(customerId);

    const subs = await cancelForErasure(tx, customerId, placeholder, deps.clock());
    if (!subs.ok) return refuse({ ok: false, code: subs.code, field: "form", message: subs.message });
    const orderCounts = await anonymiseOrdersOf(tx, customerId, placeholder);
    const identity = await eraseIdentity(tx, customerId);
    const methods = await erasePaymentMethods(tx, customerId);
    const cartsGone = await eraseCarts(tx, cartIds);
    await eraseAttemptsOf(tx, customerId, oldEmail);
    const contact = await eraseContactMessages(tx, customerId);
    // Reviews: their text and nickname are the customer's; summaries and helpful counts follow.
    const reviewsGone = await eraseReviewsOf(tx, customerId);
    const mails = await eraseMailsTo(tx, oldEmail, placeholder);
    const memberships = await endMembershipsForErasure(tx, customerId);
    const petsGone = await erasePets(tx, customerId);
    const subscribers = await eraseSubscriber(tx, customerId, oldEmail);

    return {
      ok: true as const,
      customerId,
      counts: {
        ...identity,
        orders: orderCounts.orders,
        cancelledUnpaidOrders: orderCounts.cancelledUnpaid,
        subscriptions: subs.subscriptions,
        cancelledSubscriptions: subs.cancelled,
        paymentMethods: methods,
        carts: cartsGone,
        mails,
        contactMessages: contact,
        clinicMemberships: memberships,
        reviews: reviewsGone.reviews,
        reviewVotes: reviewsGone.votes,
        pets: petsGone,
        marketingSubscribers: subscribers,
      },
    };
  });
}
