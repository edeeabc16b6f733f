import { imageSrcSet, imageUrl } from "../../../rules/catalog/image-urls";
import type { CartLineView } from "./cart-types";

/** "/_img/packshots/x.webp?w=640" → "packshots/x.webp", so smaller widths can be asked of the proxy. */
function proxySource(url: string): string | null {
  const m = /^\/_img\/([^?#]+)/.exec(url);
  return m ? m[1] : null;
}

/** A line's packshot, small: the product title beside it names it, so it is decorative. */
export function LineImage({ line, size, className }: { line: CartLineView; size: number; className: string }) {
  const source = proxySource(line.variant.image.url);
  return (
    <img
      src={source ? imageUrl(source, 320) : line.variant.image.url}
      srcSet={source ? imageSrcSet(source) : undefined}
      sizes={source ? `${size}px` : undefined}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={`aspect-square rounded bg-mist object-contain ${className}`}
    />
  );
}
