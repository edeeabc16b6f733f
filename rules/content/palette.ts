// The content palette of SPEC §3 (product carousel entry bg_color / copyColor and the other content
// blocks), mapped onto the theme colours of SPEC §9. Class names are written out whole so that
// Tailwind finds them.

export const CONTENT_COLORS = ["white", "blue", "light blue", "dark blue", "gray", "light gray", "dark gray", "transparent"] as const;
export type ContentColor = (typeof CONTENT_COLORS)[number];

const BACKGROUNDS: Record<ContentColor, string> = {
  white: "bg-white",
  blue: "bg-primary",
  "light blue": "bg-mist",
  "dark blue": "bg-secondary",
  gray: "bg-gray-200",
  "light gray": "bg-gray-50",
  "dark gray": "bg-gray-700",
  transparent: "bg-transparent",
};

const TEXTS: Record<ContentColor, string> = {
  white: "text-white",
  blue: "text-primary",
  "light blue": "text-mist",
  "dark blue": "text-secondary",
  gray: "text-gray-600",
  "light gray": "text-gray-200",
  "dark gray": "text-ink",
  transparent: "text-inherit",
};

export function backgroundClass(color: ContentColor | undefined): string {
  return BACKGROUNDS[color ?? "transparent"];
}

export function copyClass(color: ContentColor | undefined): string {
  return TEXTS[color ?? "dark gray"];
}

/** Dark backgrounds need light links and buttons. */
export function isDarkBackground(color: ContentColor | undefined): boolean {
  return color === "blue" || color === "dark blue" || color === "dark gray";
}
