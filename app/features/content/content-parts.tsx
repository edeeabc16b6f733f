import { Link } from "react-router";
import { imageSrcSet, imageUrl } from "../../../rules/catalog/image-urls";
import type { ContentImage, ContentLink } from "./content-types";

// Small building blocks of content: sanitised rich text, links and buttons, images.

/** The rich text's looks: app/features/content/rich-text.css. */
const PROSE = "rich-text";

/** Rich text from the content API. It is sanitised on the server (server/modules/content/rich-text.ts) before it gets here. */
export function RichText({ html, className = "" }: { html: string; className?: string }) {
  if (!html) return null;
  return <div className={className ? `${PROSE} ${className}` : PROSE} dangerouslySetInnerHTML={{ __html: html }} />;
}

type Tone = "primary" | "outline" | "light" | "outline-light";
const BUTTON: Record<Tone, string> = {
  primary: "bg-primary text-white hover:bg-secondary",
  outline: "border border-primary text-primary hover:bg-mist",
  light: "bg-white text-secondary hover:bg-mist",
  "outline-light": "border border-white text-white hover:bg-white/10",
};

/** A content link: same-site through the router, external in a new tab without an opener. */
export function ContentAnchor({ link, className, children }: { link: ContentLink; className?: string; children?: React.ReactNode }) {
  if (link.external || /^(https?:|mailto:)/.test(link.url)) {
    return (
      <a href={link.url} className={className} target="_blank" rel="noopener noreferrer">
        {children ?? link.text}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <Link to={link.url} className={className} prefetch="intent">
      {children ?? link.text}
    </Link>
  );
}

/** A list of content links (a footer column, a menu group). */
export function ContentLinkList({ links }: { links: ContentLink[] }) {
  return (
    <ul>
      {links.map((link) => (
        <li key={link.url}>
          <ContentAnchor link={link} />
        </li>
      ))}
    </ul>
  );
}

export function ContentButtons({ buttons, dark = false }: { buttons: ContentLink[]; dark?: boolean }) {
  if (buttons.length === 0) return null;
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      {buttons.map((b, i) => (
        <ContentAnchor
          key={b.url + b.text}
          link={b}
          className={`inline-block rounded px-5 py-2.5 font-semibold ${BUTTON[dark ? (i === 0 ? "light" : "outline-light") : i === 0 ? "primary" : "outline"]}`}
        />
      ))}
    </div>
  );
}

/** A content image through the image proxy: webp at the widths of SPEC §9. */
export function ContentPicture({ image, sizes, eager = false, className = "" }: { image: ContentImage; sizes: string; eager?: boolean; className?: string }) {
  return (
    <img
      src={imageUrl(image.src, 768)}
      srcSet={imageSrcSet(image.src)}
      sizes={sizes}
      width={800}
      height={600}
      alt={image.alt}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      {...(eager ? { fetchPriority: "high" as const } : {})}
      className={`h-auto w-full rounded-lg object-cover ${className}`}
    />
  );
}
