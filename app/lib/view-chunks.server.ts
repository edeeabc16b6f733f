import chunks from "virtual:view-chunks";

/**
 * The scripts of a module the browser loads on demand (its path from the project root, e.g.
 * "app/features/catalog/product-page.tsx"): its chunk and every chunk that chunk imports, from the
 * browser build (vite.config.ts). A page that shows that module at once preloads them, as React Router
 * preloads the route modules; none in development, where modules are served one by one.
 */
export function viewChunks(modulePath: string): string[] {
  return chunks[modulePath] ?? [];
}
