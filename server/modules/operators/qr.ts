import QRCode from "qrcode";

// A QR code as SVG path data, drawn on the server (the secret it carries never goes to a third
// party) and rendered by React as an attribute value — no HTML is ever injected into the page.

/** `d` draws each dark module as a 1×1 square on a `size`×`size` grid (plus a one-module margin). */
export function qrPath(text: string): { size: number; d: string } {
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: "M" }).modules;
  const parts: string[] = [];
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) if (data[y * size + x]) parts.push(`M${x + 1} ${y + 1}h1v1h-1z`);
  return { size: size + 2, d: parts.join("") };
}
