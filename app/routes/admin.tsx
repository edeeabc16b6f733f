import { isRouteErrorResponse, Link, Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "react-router";
import { ROLE_LABELS } from "../../rules/console/operator-roles";
import { ConsoleFrame, ConsoleNav, ConsolePage, consoleHeaders } from "../features/admin/console-frame";
import { requireOperator, sectionsFor } from "../features/admin/operator.server";
import type { Route } from "./+types/admin";

// The operator console's layout: every page under it needs a signed-in operator (each page checks
// its own permission too); the navigation shows only what the role may open.

export const headers = consoleHeaders;

const REVIEWS_PATH = "/admin/reviews";

export async function loader({ context, request }: Route.LoaderArgs) {
  const operator = await requireOperator(context, request, "dashboard.view");
  const sections = sectionsFor(operator);
  // Reviews waiting for moderation, counted only for a role that may moderate them.
  const waitingReviews = sections.some((s) => s.path === REVIEWS_PATH) ? (await context.services.consoleReviews.counts()).new : null;
  return {
    operator: { email: operator.email, roleLabel: ROLE_LABELS[operator.role] },
    sections: sections.map(({ path, label }) => ({ path, label, count: path === REVIEWS_PATH ? waitingReviews : null })),
  };
}

export default function AdminLayout() {
  const { operator, sections } = useLoaderData<typeof loader>();
  return (
    <ConsoleFrame>
      <ConsoleNav sections={sections} operator={operator} />
      <Outlet />
    </ConsoleFrame>
  );
}

const ERROR_TITLES: Record<number, string> = { 403: "Not allowed", 404: "Not found" };

/**
 * A console page that refuses (403: the role may not open it) or finds nothing (404) answers inside
 * the console, with its navigation and the reason, not the shop's generic error page. Anything else
 * is a fault: the reason stays on the server.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  // The layout's own data, when its loader ran (the error came from the page under it).
  const layout = useRouteLoaderData<typeof loader>("routes/admin");
  const answered = isRouteErrorResponse(error) && error.status in ERROR_TITLES;
  const reason = answered && typeof (error.data as { message?: unknown } | null)?.message === "string" ? (error.data as { message: string }).message : null;
  return (
    <ConsoleFrame>
      {layout ? <ConsoleNav sections={layout.sections} operator={layout.operator} /> : null}
      <ConsolePage title={answered ? ERROR_TITLES[error.status] : "Something went wrong"}>
        <p className="mt-4" data-testid="console-error-reason">
          {answered
            ? (reason ?? (error.status === 403 ? "Your role may not open this page." : "There is nothing at this address."))
            : "The console could not show this page. Please try again."}
        </p>
        {/* BackLink's markup, written out: the layout's chunk is on every console page, the shared link's is not. */}
        <p className="mt-4">
          <Link to="/admin/dashboard" className="font-semibold text-primary underline">
            Back to the dashboard
          </Link>
        </p>
      </ConsolePage>
    </ConsoleFrame>
  );
}
