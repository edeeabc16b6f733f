import type { Cause } from "./donation-api";

// A cause's picture (SPEC §3): its logo, or — without one — the icon of its category (0–25, drawn
// by the server at categoryLogoUrl). The logo stands beside the cause's name, so it is decorative
// (empty alt); the category icon tells something the name does not, so it is named after the category.

export type CausePicture = Pick<Cause, "logoUrl" | "categoryLogoUrl" | "categoryName">;

export function causeImageOf(cause: CausePicture): { src: string; alt: string } {
  return cause.logoUrl ? { src: cause.logoUrl, alt: "" } : { src: cause.categoryLogoUrl, alt: cause.categoryName };
}

export function CauseImage({ cause, size = 32 }: { cause: CausePicture; size?: number }) {
  const { src, alt } = causeImageOf(cause);
  // Fixed width and height: nothing moves while it loads.
  return <img src={src} alt={alt} width={size} height={size} loading="lazy" decoding="async" className="shrink-0 rounded-full" data-testid="cause-image" />;
}
