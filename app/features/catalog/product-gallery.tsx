import { useState } from "react";
import { imageSrcSet, imageUrl } from "../../../rules/catalog/image-urls";
import type { Image } from "../../../server/modules/catalog";

/** "/_img/packshots/x.webp?w=1024" → "packshots/x.webp", so every width can be asked of the proxy. */
function proxySource(url: string): string | null {
  const m = /^\/_img\/([^?#]+)/.exec(url);
  return m ? m[1] : null;
}

function Picture({
  image,
  sizes,
  className,
  eager,
  decorative,
}: {
  image: Image;
  sizes: string;
  className: string;
  eager?: boolean;
  /** Inside a labelled button: the button names it, the picture stays silent. */
  decorative?: boolean;
}) {
  const source = proxySource(image.url);
  return (
    <img
      src={source ? imageUrl(source as string, 640) : image.url}
      srcSet={source ? imageSrcSet(source) : undefined}
      sizes={source ? sizes : undefined}
      alt={decorative ? "" : image.alt}
      width={1000}
      height={1000}
      loading={eager ? "eager" : "lazy"}
      // The page's largest paint: React preloads it at the top of the head with this priority.
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      className={className}
    />
  );
}

/**
 * The product's pictures (SPEC §3 imagePrimary and variantMediaList) through the /_img proxy with
 * the SPEC §9 widths. Thumbnails switch the large picture; without JavaScript the first one shows.
 * Keyed by variant in the page, so a new variant starts at its own primary picture.
 */
export function ProductGallery({ primary, media }: { primary: Image; media: Image[] }) {
  const images = [primary, ...media.filter((m) => m.url !== primary.url)];
  const [index, setIndex] = useState(0);
  const shown = images[Math.min(index, images.length - 1)];
  return (
    <section aria-label="Product images">
      <div className="overflow-hidden rounded-lg bg-mist">
        <Picture image={shown} sizes="(min-width: 960px) 560px, 100vw" className="aspect-square h-auto w-full object-contain" eager />
      </div>
      {images.length > 1 && (
        <ul className="mt-3 flex flex-wrap gap-2">
          {images.map((image, i) => (
            <li key={image.url}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show image ${i + 1} of ${images.length}: ${image.alt}`}
                aria-pressed={i === index}
                className={`block overflow-hidden rounded border-2 bg-mist ${i === index ? "border-primary" : "border-transparent hover:border-gray-300"}`}
              >
                <Picture image={image} sizes="72px" className="h-16 w-16 object-contain" decorative />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
