// Gated states of SPEC §2: maintenance and password-protect. Which requests the gate lets through
// is decided here from the path alone; the server applies it.

export type GateMode = "maintenance" | "password" | "open";

export const MAINTENANCE_PATH = "/maintenance";
export const PASSWORD_PATH = "/password-protect";

// Public while gated: the gate pages themselves (document and data requests), the health and readiness checks,
// the build poll, the password page's content call, built assets and images.
const ALWAYS_OPEN = [
  /^\/maintenance(\.data)?\/?$/,
  /^\/password-protect(\.data)?\/?$/,
  /^\/api\/health(\/|$)/,
  /^\/api\/ready$/,
  /^\/api\/build$/,
  /^\/api\/cms\/v1\.0\/get-password-protect$/,
  /^\/assets\//,
  /^\/_img\//,
  /^\/cms\//,
  /^\/favicon\.(svg|ico)$/,
  // RFC 8058 one-click unsubscribe: it takes effect at once, whatever state the shop is in.
  /^\/api\/marketing\/unsubscribe$/,
  // React Router's route discovery (lazy route manifest).
  /^\/__manifest$/,
];

export function isOpenWhileGated(pathname: string): boolean {
  return ALWAYS_OPEN.some((re) => re.test(pathname));
}

export function gateMode(flags: { maintenance: boolean; password: string | undefined }): GateMode {
  if (flags.maintenance) return "maintenance";
  if (flags.password) return "password";
  return "open";
}

/** Where to go after unlocking: a same-site path only, never the gate pages themselves. */
export function afterUnlockTarget(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return "/";
  if (next.startsWith(PASSWORD_PATH) || next.startsWith(MAINTENANCE_PATH)) return "/";
  return next;
}
