import pino from "pino";

/**
 * JSON logs. Anything that might hold a secret is redacted by key, wherever it sits, so a
 * careless `log.info({ body })` cannot leak a password or token.
 */
export const SECRET_KEYS = [
  "password",
  "newPassword",
  "token",
  "sessionToken",
  "jwt",
  "authorization",
  "cookie",
  "set-cookie",
  "customerAccessToken",
  "cardNumber",
  "cvc",
];

export function createLogger(level = "info", destination?: pino.DestinationStream) {
  const key = (k: string) => (/^[A-Za-z_]\w*$/.test(k) ? k : `["${k}"]`);
  const paths = SECRET_KEYS.flatMap((k) => [key(k), `*.${key(k)}`, `*.*.${key(k)}`].map((p) => p.replace(".[", "[")));
  return pino({ level, redact: { paths, censor: "[redacted]" }, base: undefined }, destination);
}

export type Logger = pino.Logger;
