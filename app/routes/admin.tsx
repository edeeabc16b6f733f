import { Outlet, useLoaderData } from "react-router";
import { ROLE_LABELS } from "../../rules/operator-roles";
import { ConsoleFrame, ConsoleNav, consoleHeaders } from "../features/admin/console-frame";
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
