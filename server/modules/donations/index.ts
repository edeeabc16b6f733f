// The donations module's one door: everything outside server/modules/donations/ imports from here.
export {
  activeCauses,
  activeSegmentAt,
  causeList,
  causeRow,
  donationReport,
  donationReportQuery,
  insertSegment,
  lockCause,
  lockSegment,
  lockStore,
  portfolioCharities,
  segmentRow,
  segmentsOf,
  storeList,
  storeRow,
  storesDefaultingTo,
  writeCause,
  writeSegment,
  writeStore,
} from "./console";
export { NO_CUSTOMER_RECORD } from "./giving";
export type { CustomerPropertyReader } from "./giving";
export { addonChoiceOf, createDonationLedger } from "./ledger";
export type { CartDonationChoice } from "./ledger";
export { seedDonationsIfEmpty } from "./seed";
export {
  PAWS_RESCUE_LEAGUE_ID,
  SEED_CHARITY_COUNT,
  SEED_DONATION_STORE_ID,
  SEED_EXCLUSION_SEGMENT_ID,
  SEED_LOYALTY_SEGMENT_ID,
  SEED_PORTFOLIO_IDS,
  buildSeedCauses,
  buildSeedStore,
} from "./seed-data";
export { CLICKSTREAM_RETENTION_DAYS, createDonationsService } from "./service";
export type { CauseRow, CauseView, DonationsService, LedgerEntry, PortfolioView, SegmentRow, StoreRow, TrackingFailure, storeView } from "./service";
