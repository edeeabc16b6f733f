import { useRouteLoaderData } from "react-router";
import type { PublicConfig } from "../../server/context";

/** The public configuration the root loader sends to every page. */
export function usePublicConfig(): PublicConfig {
  const data = useRouteLoaderData("root") as { config: PublicConfig } | undefined;
  if (!data) throw new Error("usePublicConfig outside the root route");
  return data.config;
}
