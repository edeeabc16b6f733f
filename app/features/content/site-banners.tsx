import { ContentAnchor } from "./content-parts";
import type { AnnouncementContent, BannerContent } from "./content-types";

// The announcement bar and the sitewide banners, above the header on every page with the layout.
// Below 768 px the announcement bar is one line (the first message), so the first screen is the shop's.

export function AnnouncementBar({ announcements }: { announcements: AnnouncementContent[] }) {
  if (announcements.length === 0) return null;
  return (
    <aside aria-label="Announcements" className="bg-ink text-sm text-white" data-testid="announcement-bar">
      <ul className="mx-auto flex max-w-7xl justify-center gap-x-8 px-4 py-1.5">
        {announcements.map((a, i) => (
          // One line on a phone: its first message only, cut short rather than wrapped.
          <li key={a.text} className={i > 0 ? "hidden md:block" : "min-w-0 truncate"}>
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
