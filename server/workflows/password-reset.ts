import type { SiteId } from "../../rules/shared/site";
import type { Config } from "../config";
import { RESET_VALID_MS } from "../modules/identity";
import { templates } from "../modules/mail";
import type { IdentityService } from "../modules/identity";
import type { MailService } from "../modules/mail";

/** The modules a password reset touches. */
export type PasswordResetPorts = { identity: IdentityService; mail: MailService };

// Forgot password: a single-use link valid one hour, mailed only when the address has an
// account; the answer is the same either way. The link's origin is PUBLIC_URL, else the request's
// own origin when its host is one of SITE_HOSTS — never an arbitrary Host header, which would let
// anyone mail a victim a reset link pointing at their own server.

export function linkOrigin(config: Config, requestUrl: string): string {
  if (config.publicUrl) return config.publicUrl;
  const url = new URL(requestUrl);
  return config.siteHosts.has(url.hostname.toLowerCase()) ? url.origin : `http://localhost:${config.port}`;
}

export function requestPasswordReset(
  services: PasswordResetPorts,
  input: { email: string; ip: string | null; origin: string; storeName: string; site?: SiteId },
) {
  return services.identity.requestPasswordReset(
    input.email,
    input.ip,
    (to, token) =>
      services.mail.send({
        template: "passwordReset",
        to: to.email,
        content: templates.passwordReset({
          storeName: input.storeName,
          firstName: to.firstName,
          resetUrl: `${input.origin}/shelter/reset-password?${new URLSearchParams({ token })}`,
          validMinutes: RESET_VALID_MS / 60_000,
        }),
      }),
    input.site,
  );
}

/**
 * Sets a new password with a reset link. Guarantees: once the link is used, every reset mail of
 * the account loses its body (all its links stopped working with this one), in the outbox and the
 * mail drop folder.
 */
export async function resetPassword(services: PasswordResetPorts, input: { token: string; password: string; ip: string | null }) {
  const result = await services.identity.resetPassword(input.token, input.password, input.ip);
  if (result.ok) {
    const customer = await services.identity.summary(result.customerId);
    if (customer) await services.mail.redactSentTo("passwordReset", customer.email);
  }
  return result;
}
