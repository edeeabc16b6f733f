import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "./csv";

describe("CSV cells", () => {
  it("quotes commas, quotes and line breaks", () => {
    expect(csvRow(["KC-100001", "a,b", 'say "hi"', "two\nlines", 12.5])).toBe('KC-100001,"a,b","say ""hi""","two\nlines",12.5');
  });
  it("defuses formulas", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@x")).toBe("'@x");
    expect(csvCell("plain@example.test")).toBe("plain@example.test");
  });
});
