import { formatUtcDateTime } from "../../rules/shared/dates";
import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import type { ContentType } from "../../server/modules/content";
import { FormAlert } from "../components/form-field";
import { ConsolePage, ConsoleSection, ListLink } from "../features/admin/console-frame";
import { ConfirmCheckbox } from "../features/admin/console-form";
import { ContentFields } from "../features/admin/content-form";
import { STATUS_LABELS, typeLabel } from "../features/admin/content-list";
import { addItem, describeForm, readForm, workingBody } from "../features/admin/content-list.server";
import { requireOperator } from "../features/admin/operator.server";
import { byIntent, invalid, refused } from "../features/admin/console-action.server";
import type { Route } from "./+types/admin.content.$id";
import type { FailureCode } from "../../rules/shared/failure-status";

export const meta = ({ data: d }: Route.MetaArgs) => [{ title: `${d && "entry" in d ? d.entry.key : "Entry"} · Content · Console` }];

// One content entry: its form generated from its type, saved as a draft (the live page is untouched),
// previewed on the real page through a signed short-lived link, published, or archived (confirmed).

async function entryOf(context: Route.LoaderArgs["context"], raw: string) {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const entry = id === null ? null : await context.services.content.editor.get(id);
  if (!entry) throw data({ message: "No such entry." }, { status: 404 });
  return entry;
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireOperator(context, request, "content.edit");
  const entry = await entryOf(context, params.id);
  return {
    entry: {
      id: entry.id,
      type: entry.type as ContentType,
      key: entry.key,
      site: entry.site,
      status: entry.status,
      hasDraft: entry.draftBody !== null,
      updatedAt: entry.updatedAt.toISOString(),
      // Formatted here, not in the page: the page then loads no date formatter.
      publishedAt: entry.publishedAt ? formatUtcDateTime(entry.publishedAt) : null,
    },
    form: describeForm(entry.type as ContentType, workingBody(entry)),
  };
}

type EntryForm = {
  operator: Awaited<ReturnType<typeof requireOperator>>;
  context: Route.ActionArgs["context"];
  entryId: number;
  type: ContentType;
  form: FormData;
  stamp: number;
};

/** What a post answers; `stamp` remounts the form so it shows what was saved or sent back. */
type EntryAnswer = {
  stamp: number;
  done?: string;
  notice?: string;
  preview?: string;
  expiresAt?: string;
  form?: ReturnType<typeof describeForm>;
  errors?: Record<string, string>;
};
type Handler = (f: EntryForm) => Promise<EntryAnswer | ReturnType<typeof data<EntryAnswer>>>;

const refuse = (stamp: number, r: { code: FailureCode; message: string }) => refused<EntryAnswer>({ stamp, errors: { form: r.message } }, r.code);

const saveDraft: Handler = async ({ operator, context, entryId, type, form, stamp }: EntryForm) => {
  const body = readForm(type, form);
  const saved = await context.services.consoleContent.saveDraft(operator, { entryId, body });
  if (saved.ok) return { stamp, done: "Draft saved. The live page is unchanged until you publish." };
  if (saved.code === "INVALID" && "errors" in saved && saved.errors) {
    return invalid<EntryAnswer>({
      stamp,
      form: describeForm(type, body),
      errors: { ...saved.errors, form: "Some fields need attention: nothing was saved." },
    });
  }
  return refuse(stamp, saved);
};

const preview: Handler = async ({ operator, context, entryId, stamp }: EntryForm) => {
  const link = await context.services.consoleContent.previewLink(operator, { entryId, secret: context.sessionSecret });
  return link.ok ? { stamp, preview: link.url, expiresAt: link.expiresAt.toISOString() } : refuse(stamp, link);
};

const publish: Handler = async ({ operator, context, entryId, stamp }: EntryForm) => {
  const done = await context.services.consoleContent.publish(operator, { entryId });
  if (done.ok) return { stamp, done: "Published: the shop shows this version now." };
  return refuse(stamp, done);
};

const archive: Handler = async ({ operator, context, entryId, form, stamp }: EntryForm) => {
  if (form.get("confirm") !== "yes") return invalid<EntryAnswer>({ stamp, errors: { confirm: "Tick the box to confirm" } });
  const done = await context.services.consoleContent.archive(operator, { entryId });
  return done.ok ? { stamp, done: "Archived: the shop no longer shows this entry." } : refuse(stamp, done);
};

export async function action({ context, request, params }: Route.ActionArgs) {
  const operator = await requireOperator(context, request, "content.edit");
  const entry = await entryOf(context, params.id);
  const type = entry.type as ContentType;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const stamp = Date.now();

  if (intent.startsWith("add:")) {
    // One more repeated item, shown unsaved with what was typed so far.
    const [, list = "", variant = ""] = intent.split(":");
    return {
      stamp,
      form: describeForm(type, addItem(type, readForm(type, form), list, variant || null)),
      notice: "Item added below: fill it in, then save the draft.",
    };
  }
  return byIntent(form, { save: saveDraft, preview, publish, archive }, { operator, context, entryId: entry.id, type, form, stamp }, () =>
    invalid<EntryAnswer>({ stamp, errors: { form: "Unknown action." } }),
  );
}

export default function AdminContentEntry() {
  const { entry, form } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string> = answer && "errors" in answer && answer.errors ? answer.errors : {};
  const nodes = answer && "form" in answer && answer.form ? answer.form : form;
  const button = "min-h-10 rounded px-4 font-semibold disabled:opacity-60";
  return (
    <ConsolePage title={`${typeLabel(entry.type)}: ${entry.key}`}>
      <ListLink to="/admin/content">All entries</ListLink>
      <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">Status</dt>
        <dd data-testid="entry-status">
          {STATUS_LABELS[entry.status]}
          {entry.hasDraft ? " · unpublished changes" : ""}
        </dd>
        <dt className="font-semibold">Site</dt>
        <dd>{entry.site === "both" ? "Both sites" : entry.site === "hpsf" ? "Staff" : "Shop"}</dd>
        <dt className="font-semibold">Last published</dt>
        <dd>{entry.publishedAt ?? "—"}</dd>
      </dl>
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      {answer && "done" in answer ? <FormAlert tone="success">{answer.done}</FormAlert> : null}
      {answer && "notice" in answer ? <FormAlert tone="info">{answer.notice}</FormAlert> : null}
      {answer && "preview" in answer ? (
        <div role="status" className="mt-4 rounded border border-primary bg-primary/5 p-3 text-sm">
          <p>Preview of the saved draft, valid for 30 minutes (anyone with the link can see it):</p>
          <a
            href={answer.preview}
            target="_blank"
            rel="noreferrer"
            className="mt-1 block break-all font-mono text-primary underline"
            data-testid="preview-link"
          >
            {answer.preview}
          </a>
        </div>
      ) : null}

      <Form
        method="post"
        noValidate
        key={answer?.stamp ?? entry.updatedAt}
        className="mt-4 max-w-3xl rounded border border-gray-300 bg-white p-4"
        aria-label="Entry fields"
        data-testid="entry-form"
      >
        <ContentFields nodes={nodes} errors={errors} />
        <div className="mt-6 flex flex-wrap gap-3">
          <button type="submit" name="intent" value="save" disabled={busy} className={`${button} bg-primary text-white`}>
            {busy ? "Saving…" : "Save draft"}
          </button>
        </div>
      </Form>

      <ConsoleSection id="publish-heading" title="Preview and publish" className="mt-6 max-w-3xl">
        <p className="text-sm text-gray-700">Both use the last saved draft: save your changes first.</p>
        <div className="mt-2 flex flex-wrap gap-3">
          <Form method="post">
            <button type="submit" name="intent" value="preview" className={`${button} border border-primary text-primary`}>
              Create a preview link
            </button>
          </Form>
          <Form method="post">
            <button type="submit" name="intent" value="publish" disabled={busy} className={`${button} bg-success-dark text-white`}>
              Publish
            </button>
          </Form>
        </div>
        {entry.status !== "archived" ? (
          <Form method="post" className="mt-4 rounded border border-error/50 p-3">
            <ConfirmCheckbox errorId="confirm-archive-error" error={errors.confirm} markInvalid>
              Yes, take this entry off the shop
            </ConfirmCheckbox>
            <button type="submit" name="intent" value="archive" className={`${button} mt-2 border border-error text-error`}>
              Archive
            </button>
          </Form>
        ) : null}
      </ConsoleSection>
    </ConsolePage>
  );
}
