// Subscriptions as stored, for tests that look behind the autoship API: the autoship module's own
// test set-up, through its door.
export {
  aSubscriptionEventAt,
  anAutoshipStartedAt,
  cancelEverySubscription,
  changeSubscriptions,
  priceHoldsOf,
  renewalsOf,
  storeSubscriptions,
  storedSubscription,
  subscriptionEventsOf,
  subscriptionsOf,
} from "../modules/autoship";
export type { StoredSubscription, SubscriptionValues } from "../modules/autoship";
