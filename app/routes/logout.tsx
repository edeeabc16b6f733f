import { Form, Link } from "react-router";
import { Screen } from "../components/screen";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";
import { logoutAction } from "./logout.server";
import type { Route } from "./+types/logout";

export const meta = titleMeta("logout");

// Signing out is a POST (the header's Log Out button, the inactivity dialog): a link or image on
// another site cannot sign a customer out. GET shows the button.

export function loader({ context }: Route.LoaderArgs) {
  return { signedIn: Boolean(context.customer) };
}

export const action = (args: Route.ActionArgs) => logoutAction(args);

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <Screen title={usePageTitle("logout")}>
      {loaderData.signedIn ? (
        <Form method="post" className="mt-6">
          <button type="submit" className="rounded bg-primary px-5 py-2 font-semibold text-white hover:bg-secondary">
            Log Out
          </button>
        </Form>
      ) : (
        <p className="mt-4">
          You are signed out.{" "}
          <Link to="/" className="text-primary underline">
            Continue shopping
          </Link>
        </p>
      )}
    </Screen>
  );
}
