/**
 * Whether a form submission came from a plain HTML form (no JavaScript yet) rather than from React
 * Router's fetch. A plain post should end in a redirect (Post/Redirect/Get); a fetcher wants data.
 * Browsers say so in Sec-Fetch-Dest; without it, an Accept that asks for HTML means a document.
 */
export function isDocumentSubmission(headers: Headers): boolean {
  const dest = headers.get("sec-fetch-dest");
  if (dest) return dest === "document";
  return (headers.get("accept") ?? "").includes("text/html");
}
