import type { Site } from "../../rules/shared/site";
import type { AppDeps } from "../context";
import type { RequestIdentity } from "../request-context";

/** Hono variables set by the app for every request. */
export type AppEnv = {
  Variables: {
    deps: AppDeps;
    site: Site;
    /** This response's CSP script nonce (server/http/edge.ts). */
    cspNonce: string;
    /** The request's session and customer, looked up once (server/http/identity.ts). */
    identity: Promise<RequestIdentity>;
  };
};
