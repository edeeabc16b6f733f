import { describe, expect, it } from "vitest";
import { isDocumentSubmission } from "./document-request";

describe("isDocumentSubmission", () => {
  it("a browser form post is a document; a fetch is not", () => {
    expect(isDocumentSubmission(new Headers({ "sec-fetch-dest": "document", accept: "text/html" }))).toBe(true);
    expect(isDocumentSubmission(new Headers({ "sec-fetch-dest": "empty", accept: "*/*" }))).toBe(false);
  });

  it("without Sec-Fetch-Dest, Accept decides", () => {
    expect(isDocumentSubmission(new Headers({ accept: "text/html,application/xhtml+xml" }))).toBe(true);
    expect(isDocumentSubmission(new Headers({ accept: "*/*" }))).toBe(false);
    expect(isDocumentSubmission(new Headers())).toBe(false);
  });
});
