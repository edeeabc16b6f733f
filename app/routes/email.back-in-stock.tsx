import { Link } from "react-router";
import { FormAlert } from "../components/form-field";
import { Screen } from "../components/screen";
import { backInStockAction } from "../features/marketing/marketing.server";
import { backInStockAnswer } from "../../rules/marketing/back-in-stock-answer";
import type { Route } from "./+types/email.back-in-stock";

const TITLE = "Notify Me When It's Back";
export const meta = () => [{ title: TITLE }];

// The product page's "Notify me when it's back" posts here (server/modules/marketing/automations.ts).
// With JavaScript the answer shows on the product page; without it, on this page, with the way back.

export const action = ({ request, context }: Route.ActionArgs) => backInStockAction(context, request);

export default function BackInStockPage({ actionData }: Route.ComponentProps) {
  return (
    <Screen title={TITLE}>
      <div className="max-w-xl" data-testid="back-in-stock-answer">
        {actionData?.ok ? (
          <FormAlert tone="success">
            {backInStockAnswer(actionData)} <Link to={actionData.path}>Back to {actionData.item}</Link>
          </FormAlert>
        ) : actionData ? (
          <FormAlert>{Object.values(actionData.errors).join(" ")} Go back to the product page to try again.</FormAlert>
        ) : (
          <p className="mt-4">
            Ask from an out-of-stock item&apos;s page: <Link to="/products">browse our products</Link>.
          </p>
        )}
      </div>
    </Screen>
  );
}
