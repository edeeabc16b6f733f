import { data, redirect, useActionData } from "react-router";
import { ZipForm, type ZipActionData } from "../features/catalog/zip-form";
import { rootConfig } from "../lib/meta";
import { documentTitle } from "../../rules/shared/page-titles";
import {
  formatUserLocation,
  signedInLocation,
  USER_LOCATION_COOKIE,
  USER_LOCATION_MAX_AGE_SECONDS,
  USER_WAREHOUSE_COOKIE,
  USER_WAREHOUSE_MAX_AGE_SECONDS,
  userLocationFromCookies,
  shownLocation,
  CLINIC_DELIVERY_ZIP_MESSAGE,
} from "../../rules/shared/shopper-location";
import { safeSameSitePath, sameSiteReferer } from "../../rules/account/sign-in-redirect";
import { Screen } from "../components/screen";
import type { Route } from "./+types/location";
import { setCookie } from "../../rules/shared/cookies";

// The shopper's delivery ZIP (SPEC §5 check, §9 cookies). Pages' ZIP forms post here: a valid, served
// ZIP sets userLocation (SPEC §9: a guest's {zip}::HOME, a signed-in shopper's {zip}::home) and userWarehouse (30 days), then goes back to
// the page the form was on — a same-site path only. An invalid ZIP answers 400 with the message; a
// JavaScript page shows it under its field, and without JavaScript this route's page shows the form again.

const TITLE = "Delivery ZIP Code";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = rootConfig(matches)?.site;
  return [{ title: site ? documentTitle(TITLE, site) : TITLE }, { name: "robots", content: "noindex" }];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  return { zip: shownLocation(userLocationFromCookies(request.headers.get("cookie")), await context.staffShipsTo?.()).zip };
}

/** Where to go back to: the form's redirectTo, else the Referer when it is a page of this site to go back to, else home. */
function backTo(request: Request, redirectTo: FormDataEntryValue | null): string {
  const fromForm = typeof redirectTo === "string" ? safeSameSitePath(redirectTo) : null;
  if (fromForm && !fromForm.startsWith("/location")) return fromForm;
  return sameSiteReferer(request.headers.get("referer"), request.url) ?? "/";
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const raw = form.get("zip");
  const zip = typeof raw === "string" ? raw : "";
  const result = await context.services.catalog.checkZip(zip);
  const back = backTo(request, form.get("redirectTo"));
  if (!result.ok) return data<ZipActionData>({ error: result.message, zip, redirectTo: back }, { status: 400 });
  // A staff member whose orders go to the clinic is shown the clinic's stock and delivery: another
  // ZIP would change nothing they can order (the delivery choice is made in My Clinic).
  const shipsTo = await context.staffShipsTo?.();
  if (shipsTo?.destination === "CLINIC") return data<ZipActionData>({ error: CLINIC_DELIVERY_ZIP_MESSAGE, zip, redirectTo: back }, { status: 409 });

  const secure = new URL(request.url).protocol === "https:";
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    setCookie(USER_LOCATION_COOKIE, context.customer ? signedInLocation(result.zip, "HOME") : formatUserLocation(result.zip, "HOME"), {
      maxAgeSeconds: USER_LOCATION_MAX_AGE_SECONDS,
      secure,
    }),
  );
  // A bypassed, unserved ZIP has no warehouse: the old one must not linger.
  headers.append(
    "Set-Cookie",
    setCookie(USER_WAREHOUSE_COOKIE, result.warehouse?.code ?? "", {
      maxAgeSeconds: result.warehouse ? USER_WAREHOUSE_MAX_AGE_SECONDS : 0,
      secure,
    }),
  );
  return redirect(back, { headers });
}

export default function Location({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  return (
    <Screen title={TITLE}>
      <p className="mt-2 text-gray-700">Stock and delivery dates are shown for this ZIP code.</p>
      <div className="mt-6">
        <ZipForm
          currentZip={actionData?.zip ?? loaderData.zip}
          servedRanges={null}
          bypass={false}
          initialError={actionData?.error}
          redirectTo={actionData?.redirectTo ?? "/"}
        />
      </div>
    </Screen>
  );
}
