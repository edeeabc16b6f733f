import { ratingText, reviewCountText, starsOf } from "../../rules/reviews/rating-display";
import {
  BREED_SIZE_LABELS,
  LIFE_STAGE_LABELS,
  REVIEW_FORM_FIELDS,
  SORTS,
  SORT_LABELS,
  SPECIES_LABELS,
  THANK_YOU_TEXT,
  histogramRows,
  listStatusText,
  missingFields,
  orderLineLabel,
  pageCountOf,
  petText,
  reviewDateText,
  reviewFormErrors,
  reviewListUrl,
  reviewSubmitBody,
  type FormErrors,
  type ListChoice,
  type ReviewFormField,
  type ReviewFormValues,
} from "../../rules/reviews/widget";
import { REVIEW_LIMITS, type ReviewSort, type ReviewSummary } from "../../rules/reviews/states-and-sorts";
import { loginUrlFor } from "../../rules/account/sign-in-redirect";
import * as api from "./api";
import { h, replaceChildren } from "./dom";

// One product's reviews in its mount element (data-reviews-product-id): the summary with its
// histogram, the list with sorting, a rating filter and pages, helpful votes, and the write-a-review
// form for a customer with a delivered order line of the product not yet reviewed.

let mounts = 0;

const BUTTON =
  "rounded border border-primary px-3 py-1.5 text-sm font-semibold text-primary hover:bg-mist disabled:cursor-not-allowed disabled:border-gray-300 disabled:text-gray-600";
const PRIMARY = "rounded bg-primary px-5 py-2.5 font-bold text-white hover:bg-secondary disabled:cursor-wait disabled:opacity-80";
const INPUT = "mt-1 block w-full rounded border border-gray-400 px-3 py-2 aria-[invalid=true]:border-error";
const LABEL = "block text-sm font-semibold";
const ERROR = "mt-1 text-sm text-error";

const loginHref = () => loginUrlFor(`${location.pathname}${location.search}#reviews`);

export function mountReviews(root: HTMLElement) {
  const productId = root.dataset.reviewsProductId;
  if (!productId || root.dataset.reviewsMounted) return;
  root.dataset.reviewsMounted = "true";
  const p = `kc-reviews-${++mounts}`;
  const choice: ListChoice = { page: 1, sort: "newest", rating: null };
  let signedIn: boolean | null = null;
  let listRequest = 0;
  let histogramButtons: HTMLButtonElement[] = [];

  const summaryBox = h("div", { "data-testid": "reviews-summary" });
  const writeBox = h("div", { class: "mt-6", "data-testid": "review-write" });
  const status = h("p", { class: "mt-4 text-sm text-gray-700", role: "status", tabindex: -1, "data-testid": "reviews-status" }, "Loading reviews…");
  const list = h("ol", { class: "divide-y divide-gray-200", "aria-label": "Reviews", "data-testid": "reviews-list" });
  const pager = h("nav", { class: "mt-4 flex flex-wrap items-center gap-3", "aria-label": "Review pages" });

  const sortSelect = h(
    "select",
    { id: `${p}-sort`, class: "mt-1 rounded border border-gray-400 px-2 py-1.5", onchange: () => choose({ sort: sortSelect.value as ReviewSort, page: 1 }) },
    SORTS.map((s) => h("option", { value: s }, SORT_LABELS[s])),
  );
  const ratingSelect = h(
    "select",
    {
      id: `${p}-rating`,
      class: "mt-1 rounded border border-gray-400 px-2 py-1.5",
      onchange: () => choose({ rating: ratingSelect.value ? Number(ratingSelect.value) : null, page: 1 }),
    },
    h("option", { value: "" }, "All ratings"),
    [5, 4, 3, 2, 1].map((s) => h("option", { value: String(s) }, `${s} ${s === 1 ? "star" : "stars"} only`)),
  );

  replaceChildren(
    root,
    h(
      "div",
      { class: "grid gap-8 md:grid-cols-[18rem_1fr]", "data-testid": "reviews-widget" },
      h("div", {}, summaryBox, writeBox),
      h(
        "div",
        {},
        h(
          "div",
          { class: "flex flex-wrap gap-4" },
          h("div", {}, h("label", { for: `${p}-sort`, class: LABEL }, "Sort reviews"), sortSelect),
          h("div", {}, h("label", { for: `${p}-rating`, class: LABEL }, "Filter by rating"), ratingSelect),
        ),
        status,
        list,
        pager,
      ),
    ),
  );

  function choose(next: Partial<ListChoice>, focusList = false) {
    Object.assign(choice, next);
    sortSelect.value = choice.sort;
    ratingSelect.value = choice.rating ? String(choice.rating) : "";
    for (const b of histogramButtons) b.setAttribute("aria-pressed", String(Number(b.dataset.stars) === choice.rating));
    void loadList(focusList);
  }

  function renderSummary(summary: ReviewSummary) {
    if (summary.count === 0 || summary.average === null) {
      replaceChildren(summaryBox, h("p", { class: "text-gray-700" }, "No reviews yet."));
      return;
    }
    const rating = { average: summary.average, count: summary.count };
    histogramButtons = [];
    replaceChildren(
      summaryBox,
      h(
        "p",
        { class: "flex items-baseline gap-3" },
        h("span", { class: "text-4xl font-bold text-secondary", "aria-hidden": "true" }, summary.average.toFixed(1)),
        h("span", { class: "text-xl text-secondary", "aria-hidden": "true" }, starsOf(summary.average)),
        h("span", { class: "sr-only", "data-testid": "reviews-average" }, ratingText(rating)),
      ),
      h("p", { class: "text-sm text-gray-700", "aria-hidden": "true" }, `${summary.average.toFixed(1)} out of 5, ${reviewCountText(summary.count)}`),
      h(
        "ul",
        { class: "mt-3 space-y-1", "aria-label": "Ratings by stars", "data-testid": "reviews-histogram" },
        histogramRows(summary.histogram).map((row) => {
          const bar = h("span", { class: "block h-full rounded bg-secondary" });
          bar.style.width = `${row.percent}%`;
          const button = h(
            "button",
            {
              type: "button",
              class: "flex w-full items-center gap-2 rounded px-1 py-0.5 text-left text-sm hover:bg-mist aria-pressed:bg-mist aria-pressed:font-bold",
              "aria-pressed": "false",
              "data-stars": row.stars,
              onclick: () => choose({ rating: choice.rating === row.stars ? null : row.stars, page: 1 }, true),
            },
            // The name is the visible text and what the bar shows, in words: "5 stars 8 reviews, show only these".
            h("span", { class: "w-14 shrink-0" }, `${row.stars} ${row.stars === 1 ? "star" : "stars"}`),
            " ",
            h("span", { class: "h-3 flex-1 overflow-hidden rounded bg-gray-200", "aria-hidden": "true" }, bar),
            " ",
            h("span", { class: "w-10 shrink-0 text-right" }, String(row.count)),
            h("span", { class: "sr-only" }, ` ${row.count === 1 ? "review" : "reviews"}, show only these`),
          );
          histogramButtons.push(button);
          return h("li", {}, button);
        }),
      ),
    );
    for (const b of histogramButtons) b.setAttribute("aria-pressed", String(Number(b.dataset.stars) === choice.rating));
  }

  function reviewItem(r: api.PublicReview) {
    const pet = petText(r.pet);
    const voteNote = h("span", { class: "text-sm text-gray-700", role: "status" });
    let helpful = r.helpfulCount;
    const voteButton = h("button", { type: "button", class: BUTTON, "data-testid": "helpful" }, `Helpful (${helpful})`);
    voteButton.addEventListener("click", async () => {
      if (signedIn === false) return location.assign(loginHref());
      voteButton.disabled = true;
      const answer = await api.postHelpful(r.id).catch(() => null);
      voteButton.disabled = false;
      if (answer?.status === 401) return location.assign(loginHref());
      if (!answer?.body) {
        voteNote.textContent = "Your vote could not be counted. Please try again.";
        return;
      }
      helpful = answer.body.helpfulCount;
      voteButton.textContent = `Helpful (${helpful})`;
      // Not counted: a second vote, or the author's own (the API does not say which).
      voteNote.textContent = answer.body.counted ? "Thank you for your vote." : "Thank you — each customer's vote counts once, and not for their own review.";
    });
    return h(
      "li",
      { class: "py-4", "data-testid": "review", "data-review-id": r.id },
      h(
        "article",
        { "aria-labelledby": `${p}-title-${r.id}` },
        h(
          "p",
          {},
          h("span", { class: "text-lg text-secondary", "aria-hidden": "true" }, starsOf(r.rating)),
          h("span", { class: "sr-only" }, `Rated ${r.rating} out of 5`),
        ),
        h("h3", { id: `${p}-title-${r.id}`, class: "font-bold text-secondary" }, r.title),
        h(
          "p",
          { class: "mt-1 flex flex-wrap items-center gap-x-2 text-sm text-gray-700" },
          h("span", { "data-testid": "review-nickname" }, r.nickname),
          h("span", { "aria-hidden": "true" }, "·"),
          h("time", { datetime: r.createdAt }, reviewDateText(r.createdAt)),
          r.verifiedPurchase &&
            h(
              "span",
              { class: "rounded bg-mist px-2 py-0.5 text-xs font-semibold text-success-dark", "data-testid": "verified-purchase" },
              "Verified purchase",
            ),
        ),
        (pet || r.variantTitle) &&
          h("p", { class: "text-sm text-gray-700" }, pet && `Pet: ${pet}`, pet && r.variantTitle && " · ", r.variantTitle && `Bought: ${r.variantTitle}`),
        h("p", { class: "mt-2 whitespace-pre-line" }, r.body),
        r.response &&
          h(
            "div",
            { class: "mt-3 rounded border-l-4 border-primary bg-mist p-3 text-sm", "data-testid": "review-response" },
            h("p", { class: "font-semibold text-secondary" }, "Response from the shop"),
            h("p", { class: "mt-1 whitespace-pre-line" }, r.response.body),
          ),
        h("p", { class: "mt-3 flex flex-wrap items-center gap-3" }, voteButton, voteNote),
      ),
    );
  }

  async function loadList(focusList: boolean) {
    const mine = ++listRequest;
    status.textContent = "Loading reviews…";
    const answer = await api.getList(reviewListUrl(productId!, choice)).catch(() => null);
    if (mine !== listRequest) return;
    if (!answer?.body) {
      status.textContent = "Reviews could not be loaded. Please try again later.";
      replaceChildren(list);
      replaceChildren(pager);
      return;
    }
    const { reviews, total, pageSize, page } = answer.body;
    status.textContent = listStatusText(total, page, pageSize, choice.rating);
    replaceChildren(list, reviews.map(reviewItem));
    const pages = pageCountOf(total, pageSize);
    replaceChildren(
      pager,
      pages > 1 && [
        h("button", { type: "button", class: BUTTON, disabled: page <= 1, onclick: () => choose({ page: page - 1 }, true) }, "Previous reviews"),
        h("span", { class: "text-sm text-gray-700" }, `Page ${page} of ${pages}`),
        h("button", { type: "button", class: BUTTON, disabled: page >= pages, onclick: () => choose({ page: page + 1 }, true) }, "Next reviews"),
      ],
    );
    // After a page or filter change the shopper continues at the top of the new list.
    if (focusList) status.focus();
  }

  function renderWrite(eligibility: api.Eligibility) {
    signedIn = eligibility.signedIn !== false;
    if (!signedIn) {
      replaceChildren(
        writeBox,
        h(
          "p",
          { class: "text-sm" },
          "Bought this food? ",
          h("a", { href: loginHref(), class: "font-semibold text-primary underline" }, "Sign in to write a review"),
        ),
      );
      return;
    }
    if (!eligibility.eligible || eligibility.orderLines.length === 0) {
      replaceChildren(
        writeBox,
        h("p", { class: "text-sm text-gray-700" }, "You can write a review once an order of this food has been delivered to you (one review per order)."),
      );
      return;
    }
    const formId = `${p}-form`;
    const toggle = h("button", { type: "button", class: PRIMARY, "aria-expanded": "false", "aria-controls": formId }, "Write a review");
    const requested = new URLSearchParams(location.search).get("review");
    const form = reviewForm(formId, eligibility.orderLines, requested);
    form.hidden = true;
    toggle.addEventListener("click", () => {
      form.hidden = !form.hidden;
      toggle.setAttribute("aria-expanded", String(!form.hidden));
      if (!form.hidden) form.querySelector<HTMLElement>("select, input:not([type=hidden])")?.focus();
    });
    replaceChildren(writeBox, toggle, form);
    // The review-request mail links here with ?review=<order line>: the form opens for that line.
    if (requested && eligibility.orderLines.some((l) => l.orderLineId === requested)) {
      toggle.click();
      root.scrollIntoView({ block: "start" });
    }
  }

  function reviewForm(formId: string, lines: api.EligibleLine[], requested: string | null) {
    const errorOf = {} as Record<ReviewFormField, HTMLElement>;
    const controlOf = {} as Partial<Record<ReviewFormField, HTMLElement>>;
    const errorBox = (name: ReviewFormField) => (errorOf[name] = h("p", { id: `${p}-${name}-error`, class: ERROR, hidden: true }));
    const described = (name: ReviewFormField) => `${p}-${name}-error`;
    const field = (name: ReviewFormField, label: string, control: HTMLElement) => {
      control.id = `${p}-${name}`;
      control.setAttribute("aria-describedby", described(name));
      controlOf[name] = control;
      return h("div", { class: "mt-4" }, h("label", { for: control.id, class: LABEL }, label), control, errorBox(name));
    };
    const petSelect = (name: "species" | "lifeStage" | "breedSize", label: string, labels: Record<string, string>) =>
      field(
        name,
        label,
        h(
          "select",
          { name, class: INPUT },
          h("option", { value: "" }, "Not given"),
          Object.entries(labels).map(([v, t]) => h("option", { value: v }, t)),
        ),
      );

    const ratingSet = h(
      "fieldset",
      { class: "mt-4", "aria-describedby": described("rating") },
      h("legend", { class: LABEL }, "Your rating"),
      h(
        "div",
        { class: "mt-1 flex flex-wrap gap-3" },
        [1, 2, 3, 4, 5].map((s) =>
          h(
            "label",
            { class: "flex items-center gap-1 text-sm" },
            h("input", { type: "radio", name: "rating", value: String(s) }),
            `${s} ${s === 1 ? "star" : "stars"}`,
          ),
        ),
      ),
      errorBox("rating"),
    );
    controlOf.rating = ratingSet;

    const general = h("p", { class: ERROR, role: "alert" });
    const submit = h("button", { type: "submit", class: `${PRIMARY} mt-5` }, "Submit review");
    const only = lines.length === 1 ? lines[0] : null;
    const form = h(
      "form",
      { id: formId, class: "mt-4 rounded border border-gray-200 p-4", novalidate: true, "aria-labelledby": `${formId}-heading`, "data-testid": "review-form" },
      h("h3", { id: `${formId}-heading`, class: "text-lg font-bold text-secondary" }, "Write a review"),
      only
        ? [
            h("input", { type: "hidden", name: "orderLineId", value: only.orderLineId }),
            h("p", { class: "mt-2 text-sm text-gray-700" }, `About your ${orderLineLabel(only).replace(/^Order/, "order")}`),
            errorBox("orderLineId"),
          ]
        : field(
            "orderLineId",
            "Which order is this review about?",
            h(
              "select",
              { name: "orderLineId", class: INPUT },
              lines.map((l) => h("option", { value: l.orderLineId, selected: l.orderLineId === requested }, orderLineLabel(l))),
            ),
          ),
      ratingSet,
      field("title", "Title", h("input", { name: "title", type: "text", class: INPUT, maxlength: REVIEW_LIMITS.title, autocomplete: "off" })),
      field("body", "Your review", h("textarea", { name: "body", rows: 5, class: INPUT, maxlength: REVIEW_LIMITS.body })),
      field(
        "nickname",
        "Nickname (shown with your review)",
        h("input", { name: "nickname", type: "text", class: INPUT, maxlength: REVIEW_LIMITS.nickname, autocomplete: "nickname" }),
      ),
      h(
        "fieldset",
        { class: "mt-4" },
        h("legend", { class: LABEL }, "About your pet (optional)"),
        h(
          "div",
          { class: "grid gap-x-4 sm:grid-cols-3" },
          petSelect("species", "Species", SPECIES_LABELS),
          petSelect("lifeStage", "Life stage", LIFE_STAGE_LABELS),
          petSelect("breedSize", "Breed size", BREED_SIZE_LABELS),
        ),
      ),
      general,
      submit,
    );

    function show(errors: FormErrors) {
      for (const name of REVIEW_FORM_FIELDS) {
        const text = errors.fields[name] ?? "";
        const box = errorOf[name];
        box.textContent = text;
        box.hidden = !text;
        const control = controlOf[name];
        if (control && control.tagName !== "FIELDSET") control.setAttribute("aria-invalid", String(Boolean(text)));
        if (name === "rating") for (const r of ratingSet.querySelectorAll("input")) r.setAttribute("aria-invalid", String(Boolean(text)));
      }
      general.textContent = errors.message ?? "";
      const first = REVIEW_FORM_FIELDS.find((n) => errors.fields[n]);
      if (first) (first === "rating" ? ratingSet.querySelector("input") : controlOf[first])?.focus();
    }

    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (submit.disabled) return;
      const data = new FormData(form);
      const values = Object.fromEntries(REVIEW_FORM_FIELDS.map((n) => [n, String(data.get(n) ?? "")])) as ReviewFormValues;
      const missing = missingFields(values);
      if (Object.keys(missing).length) return show({ fields: missing, message: null });
      submit.disabled = true;
      const answer = await api.postReview(productId!, reviewSubmitBody(values)).catch(() => null);
      submit.disabled = false;
      if (answer?.status === 201 || answer?.status === 200) {
        const thanks = h(
          "p",
          { class: "rounded bg-mist p-3 font-semibold text-success-dark", role: "status", tabindex: -1, "data-testid": "review-thanks" },
          THANK_YOU_TEXT,
        );
        replaceChildren(writeBox, thanks);
        thanks.focus();
        return;
      }
      show(
        answer
          ? reviewFormErrors(answer.status, answer.raw)
          : { fields: {}, message: "Your review could not be sent. Please check your connection and try again." },
      );
    });
    return form;
  }

  // The three reads at once; a failed summary or eligibility leaves its part out, the list says so itself.
  void loadList(false);
  api.getSummary(productId).then(
    (a) => a.body && renderSummary(a.body),
    () => {},
  );
  api.getEligibility(productId).then(
    (a) => a.body && renderWrite(a.body),
    () => {},
  );
}
