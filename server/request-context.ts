import type { Site } from "../rules/site";
import type { AppDeps, PublicConfig, RequestContext } from "./context";

export function publicConfigFor(deps: AppDeps, site: Site): PublicConfig {
  const { config } = deps;
  return {
    site,
    storeName: config.storeName,
    buildId: deps.buildId(),
    buildPollSeconds: config.buildPollSeconds,
    freeShippingThresholdCents: config.freeShippingThresholdCents,
    inactivitySeconds: config.inactivitySeconds,
    features: config.features,
  };
}

export function requestContext(deps: AppDeps, site: Site): RequestContext {
  return { site, services: deps.services, publicConfig: publicConfigFor(deps, site), log: deps.log };
}
