import { useLoaderData, useNavigation } from "react-router";
import { z } from "zod";
import { formatUsd } from "../../rules/shared/money";
import { ConsolePage } from "../features/admin/console-frame";
import { requireOperator } from "../features/admin/operator.server";
import { CONSOLE_PAGE_SIZE, pageCount } from "../features/admin/paged-list";
import { parseSort, sortableColumns, sortValue, type Sort } from "../features/admin/sort-header";
import type { Route } from "./+types/admin.products";
import { FilterForm, FilterSelect, ListTotal, Pager, SITE_OPTIONS, SearchBox, siteLabel } from "../features/admin/list-controls";
import { ConsoleTable, RowLink } from "../features/admin/console-table";

export const meta = () => [{ title: "Catalogue · Console" }];

// The catalogue: products searched (title, handle, SKU), filtered (site, published, species),
// sorted by any column and paged — all on the server, one query per page.
const SORTS = ["title", "variants", "price", "published", "available"] as const;
type Column = (typeof SORTS)[number];
const DEFAULT_SORT: Sort<Column> = { key: "title", dir: "asc" };

const filtersSchema = z.object({
  q: z.string().trim().max(100).catch(""),
  site: z.enum(["d2c", "hpsf"]).nullable().catch(null),
  published: z.enum(["yes", "no"]).nullable().catch(null),
  species: z.enum(["dog", "cat"]).nullable().catch(null),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
type Filters = z.infer<typeof filtersSchema> & { sort: Sort<Column> };

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireOperator(context, request, "catalog.manage");
  const params = new URL(request.url).searchParams;
  const f = filtersSchema.parse({
    q: params.get("q") ?? "",
    site: params.get("site"),
    published: params.get("published"),
    species: params.get("species"),
    page: params.get("page") ?? 1,
  });
  const sort = parseSort(params.get("sort"), SORTS, DEFAULT_SORT);
  const { rows, total } = await context.services.consoleCatalog.productList({
    ...f,
    sort: sort.key,
    dir: sort.dir,
    published: f.published === null ? null : f.published === "yes",
    pageSize: CONSOLE_PAGE_SIZE,
  });
  const filters: Filters = { ...f, sort };
  return { filters, rows, total, pages: pageCount(total) };
}

function listLink(f: Filters, change: Partial<Filters>): string {
  const next = { ...f, ...change };
  const p = new URLSearchParams();
  if (next.q) p.set("q", next.q);
  if (next.site) p.set("site", next.site);
  if (next.published) p.set("published", next.published);
  if (next.species) p.set("species", next.species);
  if (sortValue(next.sort) !== sortValue(DEFAULT_SORT)) p.set("sort", sortValue(next.sort));
  if (next.page > 1) p.set("page", String(next.page));
  const s = p.toString();
  return s ? `/admin/products?${s}` : "/admin/products";
}

const priceRange = (min: number | null, max: number | null) =>
  min === null || max === null ? "—" : min === max ? formatUsd(min) : `${formatUsd(min)} – ${formatUsd(max)}`;

export default function AdminProducts() {
  const { filters, rows, total, pages } = useLoaderData<typeof loader>();
  const loading = useNavigation().state === "loading";
  const sortable = sortableColumns<Column, (typeof rows)[number]>(filters.sort, (sort) => listLink(filters, { sort, page: 1 }));
  return (
    <ConsolePage title="Catalogue">
      <FilterForm label="Products">
        <SearchBox value={filters.q} placeholder="Title, handle or SKU" />
        <FilterSelect label="Site" name="site" value={filters.site} options={SITE_OPTIONS} />
        <FilterSelect label="Published" name="published" value={filters.published} options={{ "": "Any", yes: "Published", no: "Unpublished" }} />
        <FilterSelect label="Species" name="species" value={filters.species} options={{ "": "Any", dog: "Dog", cat: "Cat" }} />
        <input type="hidden" name="sort" value={sortValue(filters.sort)} />
      </FilterForm>
      <ListTotal total={total} one="product" many="products" loading={loading} testId="products-total" />
      <ConsoleTable
        caption="Products"
        bodyTestId="products-rows"
        rows={rows}
        columns={[
          sortable("Product", "title", (p) => (
            <>
              <RowLink to={`/admin/products/${p.id}`}>{p.title}</RowLink>
              <span className="block text-xs text-gray-600">
                {p.brand} · {p.handle} · {p.sites.map(siteLabel).join(", ")}
              </span>
            </>
          )),
          sortable("Variants", "variants", (p) => p.variantCount, "text-right"),
          sortable("Price", "price", (p) => priceRange(p.minPriceCents, p.maxPriceCents), "text-right"),
          sortable("Published", "published", (p) => (p.published ? "Yes" : <strong>No</strong>)),
          sortable("Available", "available", (p) => p.available, "text-right"),
        ]}
      />
      {rows.length === 0 ? <p className="mt-4">No product matches.</p> : null}
      <Pager page={filters.page} pages={pages} href={(p) => listLink(filters, { page: p })} />
    </ConsolePage>
  );
}
