import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { qrPath } from "./qr";

describe("qrPath", () => {
  it("is path data only, whatever the text carries (a script tag in the issuer stays out of the markup)", () => {
    const { size, d } = qrPath('otpauth://totp/<script>alert(1)</script>:a@b.test?secret=ABC&issuer="><img src=x onerror=alert(1)>');
    expect(d).toMatch(/^(M\d+ \d+h1v1h-1z)+$/);
    expect(d).not.toMatch(/[<>"]/);
    expect(size).toBeGreaterThan(21);
  });

  it("draws exactly the dark modules of the code, offset by the margin", () => {
    const text = "otpauth://totp/Shop:ops%40example.test?secret=JBSWY3DPEHPK3PXP";
    const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
    const { size, d } = qrPath(text);
    expect(size).toBe(modules.size + 2);
    const dark = [...modules.data].filter(Boolean).length;
    expect(d.match(/M/g)).toHaveLength(dark);
    expect(d.startsWith("M1 1h1v1h-1z")).toBe(Boolean(modules.data[0]));
  });
});
