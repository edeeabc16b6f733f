import { HOTP, Secret } from "otpauth";

// What an authenticator app shows for a secret at a step (server/modules/operators/totp.ts).
export const totpCode = (secret: string, step: number) => HOTP.generate({ secret: Secret.fromBase32(secret), counter: step, digits: 6 });
