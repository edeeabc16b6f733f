import { ContentAnchor } from "./content-parts";
import type { AnnouncementContent, BannerContent } from "./content-types";

// The announcement bar and the sitewide banners, above the header on every page with the layout.
// Below 768 px the announcement bar is one line: one message at a time, the others a swipe (or, with
// the bar focused, an arrow key) away. It scrolls rather than rotates: nothing moves by itself, so
// there is nothing to pause (WCAG 2.2.2), and it needs no script.

export function AnnouncementBar({ announcements }: { announcements: AnnouncementContent[] }) {
  if (announcements.length === 0) return null;
  const several = announcements.length > 1;
  return (
    <aside aria-label="Announcements" className="bg-ink text-sm text-white" data-testid="announcement-bar">
      <ul
        className="ann mx-auto flex max-w-7xl gap-x-8 px-4 py-1.5 md:justify-center"
        // Scrollable on a phone, so reachable by keyboard there (the messages without a link too).
        tabIndex={several ? 0 : undefined}
        aria-label={several ? `${announcements.length} announcements, scroll for the next` : undefined}
      >
        {announcements.map((a) => (
          <li key={a.text}>
            {a.text}
            {a.link && (
              <>
                {" "}
                <ContentAnchor link={a.link} className="font-semibold underline hover:no-underline" />
              </>
            )}
          </li>
        ))}
      </ul>
    </aside>
  );
}

const TONES: Record<BannerContent["tone"], string> = {
  info: "bg-mist text-secondary",
  promo: "bg-success/20 text-ink",
  warning: "bg-warning/20 text-ink",
};

export function SitewideBanners({ banners }: { banners: BannerContent[] }) {
  if (banners.length === 0) return null;
  return (
    // A labelled landmark like the announcement bar: no page content outside landmarks.
    <aside aria-label="Site notices" data-testid="sitewide-banners">
      {banners.map((b) => (
        <p key={b.text} role="note" className={`px-4 py-1 text-center text-xs md:py-2 md:text-sm ${TONES[b.tone]}`}>
          {b.text}
          {b.link && (
            <>
              {" "}
              <ContentAnchor link={b.link} className="font-semibold underline" />
            </>
          )}
        </p>
      ))}
    </aside>
  );
}
