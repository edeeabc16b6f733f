import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import AdminLayout, { ErrorBoundary } from "./admin";

// A console page that fails answers inside the console: its navigation stays, so the operator can
// go on to another page, and the reason shows only when the page answered one (403, 404). The
// layout's ErrorBoundary is rendered here as the router renders it after a page's loader threw.

const LAYOUT = {
  operator: { email: "ops@example.test", roleLabel: "Administrator" },
  sections: [
    { path: "/admin/dashboard", label: "Dashboard", count: null },
    { path: "/admin/orders", label: "Orders", count: null },
  ],
};

/**
 * The console at /admin/orders/7 after the order page's loader threw `error`: the router holds a
 * page's error at the nearest route with a boundary, the layout (the order page has none).
 */
function renderAfter(error: unknown) {
  const Stub = createRoutesStub([
    {
      id: "routes/admin",
      path: "/admin",
      Component: AdminLayout as never,
      ErrorBoundary,
      loader: () => LAYOUT,
      children: [{ id: "routes/admin.orders.$id", path: "orders/:id", Component: () => null, loader: () => null }],
    },
  ]);
  return renderToStaticMarkup(
    <Stub initialEntries={["/admin/orders/7"]} hydrationData={{ loaderData: { "routes/admin": LAYOUT }, errors: { "routes/admin": error } }} />,
  );
}

/** A thrown `data({message}, {status})`, as the router holds it. */
const answered = (status: number, message: string) => ({ status, statusText: "", internal: false, data: { message } });

describe("the console layout's error boundary", () => {
  it("keeps the console's navigation when a page fails, and keeps the fault's reason on the server", () => {
    const html = renderAfter(new Error("connection to the database lost"));
    expect(html).toContain('aria-label="Console"');
    expect(html).toContain('href="/admin/orders"');
    expect(html).toContain("ops@example.test · Administrator");
    expect(html).toContain("Something went wrong");
    expect(html).toContain("The console could not show this page. Please try again.");
    expect(html).not.toContain("database");
  });

  it("says what a page answered when it refused or found nothing", () => {
    const html = renderAfter(answered(404, "No such order."));
    expect(html).toContain('aria-label="Console"');
    expect(html).toContain("Not found");
    expect(html).toContain("No such order.");
    expect(renderAfter(answered(403, "x"))).toContain("Not allowed");
  });

  it("treats any other answered status as a fault", () => {
    const html = renderAfter(answered(500, "internal detail"));
    expect(html).toContain("Something went wrong");
    expect(html).not.toContain("internal detail");
  });
});
