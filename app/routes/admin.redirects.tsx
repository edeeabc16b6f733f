import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { Checkbox, FormAlert, SelectField, TextField } from "../components/form-field";
import { ConsolePage, ConsoleSection } from "../features/admin/console-frame";
import { queryColumns } from "../features/admin/sort-header";
import { ConsoleTable } from "../features/admin/console-table";
import { CONTENT_PAGE_SIZE, redirectListHref, type RedirectQuery } from "../features/admin/content-list";
import { redirectListQuery } from "../features/admin/content-list.server";
import { requireOperator } from "../features/admin/operator.server";
import { pageCount } from "../features/admin/paged-list";
import { byIntent, invalid, refused } from "../features/admin/console-action.server";
import type { Route } from "./+types/admin.redirects";
import { FilterForm, ListTotal, Pager } from "../features/admin/list-controls";
import type { FailureCode } from "../../rules/shared/failure-status";

export const meta = () => [{ title: "Redirects · Content · Console" }];

// The storefront's redirects (the route-rule lookup before a 404): listed, searched, sorted and paged
// on the server; added, changed and deleted (confirmed). Both paths must stay on this site and no
// redirect may lead back to itself (server/modules/content/editing.ts). content/redirects.json stays
// the seed and import.

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireOperator(context, request, "content.edit");
  const url = new URL(request.url);
  const query = redirectListQuery(url.searchParams);
  const { rows, total } = await context.services.content.editor.listRedirects({ ...query, pageSize: CONTENT_PAGE_SIZE });
  const editId = Number(url.searchParams.get("edit")) || null;
  const editing = editId ? await context.services.content.editor.getRedirect(editId) : null;
  const plain = (r: (typeof rows)[number]) => ({ id: r.id, source: r.source, target: r.target, permanent: r.permanent, site: r.site });
  return { query, total, pages: pageCount(total, CONTENT_PAGE_SIZE), rows: rows.map(plain), editing: editing ? plain(editing) : null };
}

type RedirectAnswer = { done: string } | { errors: Record<string, string> };
type RedirectForm = {
  operator: Awaited<ReturnType<typeof requireOperator>>;
  content: Route.ActionArgs["context"]["services"]["consoleContent"];
  form: FormData;
};
type Handler = (f: RedirectForm) => Promise<RedirectAnswer | ReturnType<typeof data<RedirectAnswer>>>;

/** A refusal beside the form, and beside the path that a loop or a duplicate is about. */
const fail = (r: { code: FailureCode; message: string; errors?: Record<string, string> }) =>
  refused<RedirectAnswer>(
    {
      errors: {
        form: r.message,
        ...(r.code === "LOOP" ? { target: r.message } : r.code === "DUPLICATE" ? { source: r.message } : {}),
        ...(r.errors ?? {}),
      },
    },
    r.code,
  );

const redirectId = (form: FormData) => Number(form.get("redirectId")) || 0;

const redirectInput = (form: FormData) => ({
  source: String(form.get("source") ?? ""),
  target: String(form.get("target") ?? ""),
  permanent: form.get("permanent") === "on",
  site: String(form.get("site") ?? "both"),
});

const saved = (r: Awaited<ReturnType<RedirectForm["content"]["createRedirect"]>>) =>
  r.ok ? { done: `${r.after.source} now redirects to ${r.after.target}.` } : fail(r);

const create: Handler = async ({ operator, content, form }) => saved(await content.createRedirect(operator, redirectInput(form)));

const update: Handler = async ({ operator, content, form }) =>
  saved(await content.updateRedirect(operator, { redirectId: redirectId(form), input: redirectInput(form) }));

const remove: Handler = async ({ operator, content, form }) => {
  const id = redirectId(form);
  if (form.get("confirm") !== "yes") return invalid<RedirectAnswer>({ errors: { [`confirm-${id}`]: "Tick the box to confirm" } });
  const done = await content.deleteRedirect(operator, { redirectId: id });
  return done.ok ? { done: `The redirect from ${done.before.source} was deleted.` } : fail(done);
};

export async function action({ context, request }: Route.ActionArgs) {
  const operator = await requireOperator(context, request, "content.edit");
  const form = await request.formData();
  return byIntent(form, { create, update, delete: remove }, { operator, content: context.services.consoleContent, form }, () =>
    invalid<RedirectAnswer>({ errors: { form: "Unknown action." } }),
  );
}

const SITES = [
  { value: "both", label: "Both sites" },
  { value: "d2c", label: "Shop" },
  { value: "hpsf", label: "Staff" },
];

export default function AdminRedirects() {
  const { query, rows, total, pages, editing } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const loading = useNavigation().state === "loading";
  const errors: Record<string, string> = answer && "errors" in answer ? answer.errors : {};
  const field = "mt-1 block min-h-10 rounded border border-gray-400 bg-white px-2 font-normal";
  const sortable = queryColumns<RedirectQuery["sort"], (typeof rows)[number]>(query, (next) => redirectListHref(query, { ...next, page: 1 }));
  return (
    <ConsolePage title="Redirects">
      <nav aria-label="Content views" className="mt-3 flex gap-4 text-sm">
        <Link to="/admin/content" className="text-primary underline">
          Entries
        </Link>
        <Link to="/admin/redirects" aria-current="page" className="font-semibold">
          Redirects
        </Link>
      </nav>
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      {answer && "done" in answer ? <FormAlert tone="success">{answer.done}</FormAlert> : null}

      <ConsoleSection
        id="redirect-form-heading"
        title={<>{editing ? `Change the redirect from ${editing.source}` : "Add a redirect"}</>}
        className="mt-4 max-w-xl rounded border border-gray-300 bg-white p-4"
      >
        <Form method="post" noValidate data-testid="redirect-form" key={editing?.id ?? "new"}>
          <input type="hidden" name="intent" value={editing ? "update" : "create"} />
          {editing ? <input type="hidden" name="redirectId" value={editing.id} /> : null}
          <TextField name="source" label="From (a path on this site)" required errors={errors} defaultValue={editing?.source} hint="Like /old-page" />
          <TextField
            name="target"
            label="To (a path on this site)"
            required
            errors={errors}
            defaultValue={editing?.target}
            hint="Like /new-page or /products?q=treats"
          />
          <SelectField name="site" label="Site" errors={errors} defaultValue={editing?.site ?? "both"} options={SITES} />
          <Checkbox
            name="permanent"
            label="Permanent (301; search engines update their links)"
            defaultChecked={editing?.permanent ?? true}
            error={errors.permanent}
          />
          <div className="mt-4 flex gap-3">
            <button type="submit" className="min-h-10 rounded bg-primary px-4 font-semibold text-white">
              {editing ? "Save the redirect" : "Add the redirect"}
            </button>
            {editing ? (
              <Link to={redirectListHref(query)} className="min-h-10 px-2 py-2 text-primary underline">
                Cancel
              </Link>
            ) : null}
          </div>
        </Form>
      </ConsoleSection>

      <FilterForm label="Redirects" button="Search" className="mt-6">
        <label className="text-sm font-semibold">
          Search
          <input name="q" defaultValue={query.q} placeholder="From or to" className={`${field} w-56`} />
        </label>
      </FilterForm>
      <ListTotal total={total} one="redirect" many="redirects" loading={loading} />
      <ConsoleTable
        caption="Redirects"
        bodyTestId="redirect-rows"
        rowClassName="align-top"
        rows={rows}
        columns={[
          { ...sortable("From", "source", (r) => r.source), cellClassName: "font-mono" },
          { ...sortable("To", "target", (r) => r.target), cellClassName: "font-mono break-all" },
          { label: "Kind", cell: (r) => (r.permanent ? "Permanent" : "Temporary") },
          { label: "Site", cell: (r) => SITES.find((s) => s.value === r.site)?.label },
          {
            label: <span className="sr-only">Actions</span>,
            cell: (r) => (
              <>
                <Link
                  to={redirectListHref(query) + (redirectListHref(query).includes("?") ? "&" : "?") + `edit=${r.id}`}
                  className="text-primary underline"
                  aria-label={`Edit the redirect from ${r.source}`}
                >
                  Edit
                </Link>
                <Form method="post" className="mt-1 flex flex-wrap items-center gap-2">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="redirectId" value={r.id} />
                  <label className="flex items-center gap-1 text-xs">
                    <input type="checkbox" name="confirm" value="yes" className="h-4 w-4" aria-label={`Confirm deleting the redirect from ${r.source}`} />
                    Confirm
                  </label>
                  <button type="submit" className="text-error underline" aria-label={`Delete the redirect from ${r.source}`}>
                    Delete
                  </button>
                </Form>
                {errors[`confirm-${r.id}`] ? <p className="text-xs font-medium text-error">{errors[`confirm-${r.id}`]}</p> : null}
              </>
            ),
          },
        ]}
      />
      <Pager page={query.page} pages={pages} href={(p) => redirectListHref(query, { page: p })} />
    </ConsolePage>
  );
}
