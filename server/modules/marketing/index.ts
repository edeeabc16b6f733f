// The marketing list's one door: everything outside server/modules/marketing/ imports from here.
export { createMarketingService, eraseSubscriber } from "./service";
export type { MarketingService, SubscriberView } from "./service";
export { PREFERENCES_PATH, UNSUBSCRIBE_PATH } from "./links";
export type { BackInStockRequest, MarketingAutomations } from "./automations";
export type { AutomationMailInput } from "./automation-mails";
export { noOutsideService, outsideServiceFor } from "./outside-service";
export type { MarketingEvent, OutsideMarketingService } from "./outside-service";
export { createCampaignService } from "./campaigns";
export type { AudienceMatch, CampaignRow, CampaignService } from "./campaigns";
export type { ProductPick } from "./campaign-mail";
export { CLICK_PATH } from "./links";
