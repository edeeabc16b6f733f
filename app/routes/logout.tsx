import { Form, Link } from "react-router";
import { Screen } from "../components/screen";
import { titleMeta } from "../lib/meta";
import { usePageTitle } from "../lib/use-site";
import { logoutAction, logoutLoader } from "./logout.server";
import type { Route } from "./+types/logout";

export const meta = titleMeta("logout");

// SPEC §2: /logout signs the customer out and lands on /. Opened from our own pages or typed, a
// GET does it at once; opened from another site (a link, an image, a frame) it only shows the
// Log Out button, whose POST is refused cross-site — so no other site can sign a customer out.

export const loader = (args: Route.LoaderArgs) => logoutLoader(args);

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
