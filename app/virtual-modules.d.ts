/** The browser build's on-demand modules and their chunks (vite.config.ts viewChunks). */
declare module "virtual:view-chunks" {
  const chunks: Record<string, string[]>;
  export default chunks;
}
