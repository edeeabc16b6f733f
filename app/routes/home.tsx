import { Link } from "react-router";
import { titleMeta } from "../lib/meta";
import { usePublicConfig } from "../lib/use-public-config";
import type { Route } from "./+types/home";

export const meta = titleMeta("home", "Dog and cat food delivered, with Autoship savings.");

export async function loader({ context }: Route.LoaderArgs) {
  return { counts: await context.services.catalog.counts() };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { site } = usePublicConfig();
  return (
    <main id="main">
      <section className="bg-mist">
        <div className="mx-auto max-w-7xl px-4 py-14 md:py-20">
          <h1 className="text-3xl font-bold text-secondary md:text-5xl">{site.title}</h1>
          <p className="mt-4 max-w-2xl text-lg">
            {site.isStaff
              ? "Program pricing on complete nutrition for clinic and school staff, shipped to your clinic or your home."
              : `Complete nutrition for dogs and cats: ${loaderData.counts.products} foods, delivered to your door.`}
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/products/dog/species" className="rounded bg-primary px-6 py-3 font-semibold text-white hover:bg-secondary">
              Shop Dog Food
            </Link>
            <Link to="/products/cat/species" className="rounded bg-primary px-6 py-3 font-semibold text-white hover:bg-secondary">
              Shop Cat Food
            </Link>
            <Link to="/products" className="rounded border border-primary px-6 py-3 font-semibold text-primary hover:bg-white">
              Shop All Pet Food
            </Link>
          </div>
        </div>
      </section>
    </main>
  );
}
