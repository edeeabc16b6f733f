import { Screen } from "../../components/screen";
import type { ContentPageData } from "./content-loader.server";
import { PageSections } from "./page-sections";

/** An info page: its SPEC §2 title as the heading, its sections from content. */
export function InfoPage({ title, page }: { title: string; page: ContentPageData | null }) {
  return (
    <Screen title={title}>
      {page ? (
        <div className="-mx-4 mt-2">
          <PageSections sections={page.sections} listName={title} />
        </div>
      ) : (
        <p className="mt-4" data-testid="no-content">
          There is nothing on this page yet. Please{" "}
          <a href="/contact-us" className="font-semibold text-primary underline">
            contact us
          </a>{" "}
          with any question.
        </p>
      )}
    </Screen>
  );
}
