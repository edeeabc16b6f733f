import type { Site } from "../../rules/site";
import type { AppDeps } from "../context";

/** Hono variables set by the app for every request. */
export type AppEnv = { Variables: { deps: AppDeps; site: Site; /** This response's CSP script nonce (server/http/edge.ts). */ cspNonce: string } };
