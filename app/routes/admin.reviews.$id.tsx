import { formatUtcDateTime } from "../../rules/shared/dates";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { REVIEW_STATE_LABELS, reviewHistoryText } from "../../rules/console/review-queue";
import { REVIEW_LIMITS, REVIEW_REJECTION_REASONS } from "../../rules/reviews/states-and-sorts";
import { FormAlert } from "../components/form-field";
import { ConsolePage, ConsoleSection, ListLink } from "../features/admin/console-frame";
import { Field, buttonClass, inputClass } from "../features/admin/donations-parts";
import { formObject } from "../features/admin/donations.server";
import { requireOperator } from "../features/admin/operator.server";
import { ChangeHistory } from "../features/admin/change-history";
import { Stars } from "../features/admin/review-parts";
import { refused } from "../features/admin/console-action.server";
import type { Route } from "./+types/admin.reviews.$id";
import { Options } from "../features/admin/options";

export const meta = () => [{ title: "Review · Console" }];

// One review, whole: the product, the customer's order line when it is a verified purchase, and the
// moderator's actions — approve; reject with a reason of the published policy (required: a review is
// never hidden for being negative); the shop's response, editable. Each through the reviews console
// workflow, which writes the audit entry in the change's transaction; the history below is that log.

const PET_WORDS: Record<string, string> = {
  dog: "Dog",
  cat: "Cat",
  "puppy-kitten": "puppy or kitten",
  adult: "adult",
  senior: "senior",
  small: "small breed",
  medium: "medium breed",
  large: "large breed",
};

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireOperator(context, request, "reviews.moderate");
  const review = await context.services.consoleReviews.review(params.id);
  if (!review) throw data({ message: "No such review." }, { status: 404 });
  const history = await context.services.consoleReviews.history(review.id);
  const reasonLabels: Record<string, string> = REVIEW_REJECTION_REASONS;
  return {
    review: {
      id: review.id,
      productId: review.productId,
      productTitle: review.productTitle,
      rating: review.rating,
      title: review.title,
      body: review.body,
      nickname: review.nickname,
      verified: review.verified,
      orderLine: review.orderLine,
      pet: review.pet
        ? [review.pet.species, review.pet.lifeStage, review.pet.breedSize]
            .filter((w): w is NonNullable<typeof w> => !!w)
            .map((w) => PET_WORDS[w] ?? w)
            .join(", ")
        : null,
      state: review.state,
      reason: review.rejectionReason ? (reasonLabels[review.rejectionReason] ?? review.rejectionReason) : null,
      written: formatUtcDateTime(review.createdAt),
      moderated: review.moderatedAt ? formatUtcDateTime(review.moderatedAt) : null,
      response: review.response ? { body: review.response.body, at: formatUtcDateTime(review.response.at) } : null,
    },
    // The policy's labels travel as data: the console's bundle shares no storefront module.
    reasons: Object.entries(reasonLabels).map(([value, label]) => ({ value, label })),
    responseLimit: REVIEW_LIMITS.response,
    history: history.map((e) => ({ id: e.id, at: formatUtcDateTime(e.at), who: e.operatorEmail, text: reviewHistoryText(e, reasonLabels) })),
  };
}

type Answer = { intent: string; done?: string; message?: string; errors?: Record<string, string> };

export async function action({ context, request, params }: Route.ActionArgs) {
  const operator = await requireOperator(context, request, "reviews.moderate");
  const fields = formObject(await request.formData());
  const intent = typeof fields.intent === "string" ? fields.intent : "";
  const r = await context.services.consoleReviews.act(operator, params.id, fields);
  if (r.ok) return { intent, done: r.message } satisfies Answer;
  const errors = "errors" in r ? r.errors : "field" in r ? { [r.field]: r.message } : {};
  return refused<Answer>({ intent, message: r.code === "INVALID" ? "Check the field marked." : r.message, errors }, r.code);
}

export default function AdminReview() {
  const { review, reasons, responseLimit, history } = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const busy = useNavigation().state !== "idle";
  const errorsOf = (intent: string) => (answer?.intent === intent ? (answer.errors ?? {}) : {});
  return (
    <ConsolePage title={`Review: ${review.title}`}>
      <ListLink to={review.state === "new" ? "/admin/reviews" : `/admin/reviews?state=${review.state}`}>
        All {REVIEW_STATE_LABELS[review.state].toLowerCase()} reviews
      </ListLink>
      <div className="mt-4 grid gap-4 lg:grid-cols-[3fr_2fr]">
        <ConsoleSection id="review-about" title="The review" className="rounded border border-gray-300 bg-white p-4">
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="review-details">
            <dt className="font-semibold">State</dt>
            <dd data-testid="review-state">
              {REVIEW_STATE_LABELS[review.state]}
              {review.reason ? ` — ${review.reason}` : ""}
              {review.moderated ? <span className="block text-xs text-gray-700">Moderated {review.moderated}</span> : null}
            </dd>
            <dt className="font-semibold">Product</dt>
            <dd>
              <Link to={`/admin/products/${review.productId}`} className="text-primary underline">
                {review.productTitle}
              </Link>
            </dd>
            <dt className="font-semibold">Rating</dt>
            <dd>
              <Stars rating={review.rating} />
            </dd>
            <dt className="font-semibold">Title</dt>
            <dd>{review.title}</dd>
            <dt className="font-semibold">Review</dt>
            <dd className="whitespace-pre-line">{review.body}</dd>
            <dt className="font-semibold">Nickname</dt>
            <dd>{review.nickname}</dd>
            <dt className="font-semibold">Pet</dt>
            <dd>{review.pet ?? "Not given"}</dd>
            <dt className="font-semibold">Purchase</dt>
            <dd>
              {review.orderLine ? (
                <>
                  Verified purchase:{" "}
                  <Link to={`/admin/orders/${review.orderLine.orderId}`} className="text-primary underline">
                    order {review.orderLine.orderName}
                  </Link>
                  , {review.orderLine.variantTitle}
                </>
              ) : review.verified ? (
                "Verified purchase"
              ) : (
                "No order (an imported review, shown without the badge)"
              )}
            </dd>
            <dt className="font-semibold">Written</dt>
            <dd>{review.written}</dd>
          </dl>
        </ConsoleSection>
        <ConsoleSection id="review-moderation" title="Moderation" className="space-y-4 rounded border border-gray-300 bg-white p-4">
          {answer?.done ? <FormAlert tone="success">{answer.done}</FormAlert> : answer?.message ? <FormAlert>{answer.message}</FormAlert> : null}
          {review.state !== "approved" ? (
            <Form method="post" data-testid="review-approve">
              <input type="hidden" name="intent" value="approve" />
              <p className="text-sm">Approving shows the review on the product page and counts it in the product's rating.</p>
              <button type="submit" disabled={busy} className={`${buttonClass} mt-2`}>
                Approve
              </button>
            </Form>
          ) : null}
          {review.state !== "rejected" ? (
            <Form method="post" data-testid="review-reject" noValidate className="border-t border-gray-200 pt-4">
              <input type="hidden" name="intent" value="reject" />
              <p className="text-sm" id="reject-policy">
                Reject only for a reason of the published review policy. A review is never rejected for being negative or for its rating: hiding unfavourable
                reviews is unlawful (FTC rule on consumer reviews).
              </p>
              <Field label="Policy reason" error={errorsOf("reject").reason} className="mt-2">
                {(a11y) => (
                  <select
                    {...a11y}
                    aria-describedby={[a11y["aria-describedby"], "reject-policy"].filter(Boolean).join(" ")}
                    name="reason"
                    required
                    aria-required="true"
                    defaultValue=""
                    className={inputClass}
                  >
                    <option value="">Choose a reason</option>
                    <Options options={reasons} />
                  </select>
                )}
              </Field>
              <button type="submit" disabled={busy} className={`${buttonClass} mt-2`}>
                Reject
              </button>
            </Form>
          ) : null}
          <Form method="post" data-testid="review-respond" noValidate className="border-t border-gray-200 pt-4">
            <input type="hidden" name="intent" value="respond" />
            <Field
              label={review.response ? "The shop's response" : "Respond as the shop"}
              error={errorsOf("respond").body}
              hint={
                review.response
                  ? `Shown under the review since ${review.response.at}. Saving replaces it.`
                  : "Shown under the review on the product page (text only)."
              }
            >
              {(a11y) => (
                <textarea
                  {...a11y}
                  key={review.response?.at ?? "none"}
                  name="body"
                  rows={5}
                  maxLength={responseLimit}
                  defaultValue={review.response?.body ?? ""}
                  className={`${inputClass} py-2`}
                />
              )}
            </Field>
            <button type="submit" disabled={busy} className={`${buttonClass} mt-2`}>
              {review.response ? "Save response" : "Publish response"}
            </button>
          </Form>
        </ConsoleSection>
      </div>
      <ChangeHistory id="review-history" entries={history} testId="review-history" />
    </ConsolePage>
  );
}
