import { describe, expect, it } from "vitest";
import { fingerprintText, frameLocation, normaliseMessage, parseStack, scrubPersonalData, stripQuery, truncate } from "./error-reports";

const V8_STACK = `TypeError: Cannot read properties of undefined (reading 'price')
    at ProductPrice (http://localhost:3000/assets/product-page-B1x9Qz7a.js:1:2345)
    at renderWithHooks (http://localhost:3000/assets/chunk-DQRVZFIR.js:12:100)
    at async loader (file:///srv/shop/build/server/index.js:4410:11)
    at http://localhost:3000/assets/entry.client-Zx81ab2c.js:3:7`;

describe("stripQuery", () => {
  it("drops the query string and fragment of URLs and paths", () => {
    expect(stripQuery("https://shop.example/shelter/reset?token=abc#top")).toBe("https://shop.example/shelter/reset");
    expect(stripQuery("/search?q=salmon")).toBe("/search");
    expect(stripQuery("/products/dry-food")).toBe("/products/dry-food");
  });
});

describe("scrubPersonalData", () => {
  it("removes query strings from URLs inside text, keeping the line and column of stack frames", () => {
    expect(scrubPersonalData("GET http://localhost:3000/shelter/reset?token=s3cr3t failed")).toBe("GET http://localhost:3000/shelter/reset failed");
    expect(scrubPersonalData("    at f (http://localhost:5173/app/root.tsx?v=1a2b:10:4)")).toBe("    at f (http://localhost:5173/app/root.tsx:10:4)");
    expect(scrubPersonalData('fetch "/search?q=my+dog" failed')).toBe('fetch "/search" failed');
  });

  it("keeps a question in plain words", () => {
    expect(scrubPersonalData("Is the cart empty? No")).toBe("Is the cart empty? No");
  });

  it("replaces e-mail addresses, JWTs, bearer tokens, long hex and base64 runs and card numbers", () => {
    expect(scrubPersonalData("no customer jane.doe+pets@mail.example here")).toBe("no customer [email] here");
    expect(scrubPersonalData("jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig-part_x")).toBe("jwt [token]");
    expect(scrubPersonalData("Authorization: Bearer abc.def-ghi")).toBe("Authorization: [token]");
    expect(scrubPersonalData(`session ${"a1".repeat(20)} gone`)).toBe("session [token] gone");
    expect(scrubPersonalData(`token ${"Zq9_".repeat(12)} gone`)).toBe("token [token] gone");
    expect(scrubPersonalData("card 4242 4242 4242 4242 declined")).toBe("card [number] declined");
  });

  it("leaves file paths and ordinary words alone", () => {
    const frame = "    at loader (/work/main/node_modules/react-router/dist/development/chunk-ABCDEFGH.mjs:10:3)";
    expect(scrubPersonalData(frame)).toBe(frame);
    expect(scrubPersonalData("Order KC-100001 not found")).toBe("Order KC-100001 not found");
  });
});

describe("parseStack", () => {
  it("reads V8 frames with and without a function name", () => {
    expect(parseStack(V8_STACK)).toEqual([
      { fn: "ProductPrice", file: "http://localhost:3000/assets/product-page-B1x9Qz7a.js", line: 1, column: 2345 },
      { fn: "renderWithHooks", file: "http://localhost:3000/assets/chunk-DQRVZFIR.js", line: 12, column: 100 },
      { fn: "loader", file: "file:///srv/shop/build/server/index.js", line: 4410, column: 11 },
      { fn: "", file: "http://localhost:3000/assets/entry.client-Zx81ab2c.js", line: 3, column: 7 },
    ]);
  });

  it("reads Firefox and Safari frames", () => {
    expect(parseStack("ProductPrice@http://localhost:3000/assets/a-B1x9Qz7a.js:1:20\n@http://localhost:3000/assets/b.js:2:3")).toEqual([
      { fn: "ProductPrice", file: "http://localhost:3000/assets/a-B1x9Qz7a.js", line: 1, column: 20 },
      { fn: "", file: "http://localhost:3000/assets/b.js", line: 2, column: 3 },
    ]);
  });
});

describe("frameLocation", () => {
  it("is the same in every build and checkout", () => {
    expect(frameLocation("http://localhost:3000/assets/product-page-B1x9Qz7a.js")).toBe("/assets/product-page.js");
    expect(frameLocation("https://shop.example/assets/product-page-Xy12ab34.js")).toBe("/assets/product-page.js");
    expect(frameLocation("/srv/a/app/routes/cart.tsx")).toBe("app/routes/cart.tsx");
    expect(frameLocation("/home/b/checkout/app/routes/cart.tsx")).toBe("app/routes/cart.tsx");
  });
});

describe("normaliseMessage", () => {
  it("replaces ids, numbers and quoted values", () => {
    expect(normaliseMessage('Order 123 for "x@y.example" missing in 8b0c2c9e-1a2b-4c3d-8e9f-001122334455')).toBe('Order <n> for "…" missing in <id>');
  });
});

describe("fingerprintText", () => {
  const report = { source: "browser" as const, type: "TypeError", message: "Cannot read properties of undefined (reading 'price')", stack: V8_STACK };

  it("is the same for the same error in another build, on another line, with another number in the message", () => {
    const rebuilt = V8_STACK.replaceAll("B1x9Qz7a", "Qq0RrS1t").replace(":1:2345", ":1:2399");
    expect(fingerprintText({ ...report, stack: rebuilt })).toBe(fingerprintText(report));
    expect(fingerprintText({ ...report, message: "Order 12 failed" })).toBe(fingerprintText({ ...report, message: "Order 99 failed" }));
  });

  it("differs by source, type, message and the files on the stack", () => {
    const base = fingerprintText(report);
    expect(fingerprintText({ ...report, source: "server" })).not.toBe(base);
    expect(fingerprintText({ ...report, type: "RangeError" })).not.toBe(base);
    expect(fingerprintText({ ...report, message: "Cannot read properties of null (reading 'price')" })).not.toBe(base);
    expect(fingerprintText({ ...report, stack: V8_STACK.replace("product-page-B1x9Qz7a", "cart-page-B1x9Qz7a") })).not.toBe(base);
    // Minified function names change from build to build: not part of it.
    expect(fingerprintText({ ...report, stack: V8_STACK.replace("ProductPrice", "a") })).toBe(base);
  });

  it("works without a stack", () => {
    expect(fingerprintText({ source: "browser", type: "", message: "Script error." })).toBe("browser\nError\nScript error.");
  });
});

describe("truncate", () => {
  it("cuts long text and marks the cut", () => {
    expect(truncate("abcdef", 4)).toBe("abc…");
    expect(truncate("abc", 4)).toBe("abc");
  });
});
