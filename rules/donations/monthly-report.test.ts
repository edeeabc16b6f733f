import { describe, expect, it } from "vitest";
import { monthOf, parseReportArgs, parseReportMonth, reportCsvLines, reportText, reportTotals, shiftMonth, type DonationReportRow } from "./monthly-report";

const NOW = new Date("2026-11-26T18:00:00Z");

const rows: DonationReportRow[] = [
  {
    causeId: "00-1000001",
    causeName: "Paws Rescue League",
    storeFundedCents: 12345,
    customerFundedCents: 300,
    orders: 7,
    reversedCents: -450,
    reversedOrders: 1,
    netCents: 12195,
  },
  {
    causeId: "00-1000002",
    causeName: '=HYPERLINK("x")',
    storeFundedCents: 200,
    customerFundedCents: 0,
    orders: 1,
    reversedCents: 0,
    reversedOrders: 0,
    netCents: 200,
  },
];

describe("months", () => {
  it("reads YYYY-MM as the month's UTC bounds", () => {
    expect(parseReportMonth("2026-11")).toEqual({
      month: "2026-11",
      start: new Date("2026-11-01T00:00:00Z"),
      end: new Date("2026-12-01T00:00:00Z"),
      label: "November 2026",
    });
    expect(parseReportMonth("2026-12")!.end).toEqual(new Date("2027-01-01T00:00:00Z"));
    expect(parseReportMonth(" 2024-02 ")!.month).toBe("2024-02");
  });
  it.each(["2026-13", "2026-00", "2026-1", "26-11", "2026/11", "November", "", "1999-12", "2026-11-01"])("refuses %j", (text) => {
    expect(parseReportMonth(text)).toBeNull();
  });
  it("gives a moment's UTC month, and steps months across years", () => {
    expect(monthOf(new Date("2026-11-30T23:59:59.999Z"))).toBe("2026-11");
    expect(monthOf(new Date("2026-12-01T00:00:00Z"))).toBe("2026-12");
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
  });
});

describe("the report's printed forms", () => {
  it("adds up a month", () => {
    expect(reportTotals(rows)).toEqual({
      storeFundedCents: 12545,
      customerFundedCents: 300,
      orders: 8,
      reversedCents: -450,
      reversedOrders: 1,
      netCents: 12395,
    });
  });
  it("writes CSV with dollars, a header, and formulas defused", () => {
    expect(reportCsvLines("2026-11", rows)).toEqual([
      "month,cause_id,cause_name,store_funded_usd,customer_funded_usd,orders,reversed_usd,reversed_orders,net_usd",
      "2026-11,00-1000001,Paws Rescue League,123.45,3.00,7,-4.50,1,121.95",
      `2026-11,00-1000002,"'=HYPERLINK(""x"")",2.00,0.00,1,0.00,0,2.00`,
    ]);
  });
  it("prints a table with a total line, and says when the month is empty", () => {
    const text = reportText(parseReportMonth("2026-11")!, rows);
    const lines = text.split("\n");
    expect(lines[0]).toBe("Donations, November 2026 (UTC), in USD");
    expect(lines[1]).toMatch(/^Cause\s+Id\s+Store-funded\s+Customer-funded\s+Orders\s+Reversed\s+Net$/);
    expect(lines[3]).toMatch(/^Paws Rescue League\s+00-1000001\s+123\.45\s+3\.00\s+7\s+-4\.50\s+121\.95$/);
    expect(lines.at(-1)).toMatch(/^Total\s+125\.45\s+3\.00\s+8\s+-4\.50\s+123\.95$/);
    expect(reportText(parseReportMonth("2026-10")!, [])).toBe("Donations, October 2026 (UTC): nothing recorded.");
  });
});

describe("donations:report arguments", () => {
  it("takes --month in both spellings, --csv and --store; no month is this UTC month", () => {
    expect(parseReportArgs(["--month", "2026-10"], NOW)).toMatchObject({ ok: true, month: { month: "2026-10" }, csv: false, storeId: null });
    expect(parseReportArgs(["--month=2026-09", "--csv", "--store", "abc"], NOW)).toMatchObject({
      ok: true,
      month: { month: "2026-09" },
      csv: true,
      storeId: "abc",
    });
    expect(parseReportArgs([], NOW)).toMatchObject({ ok: true, month: { month: "2026-11" } });
  });
  it.each([
    [["--month", "2026-13"], /--month must be a month as YYYY-MM .*"2026-13"/],
    [["--month", "nov"], /--month must be a month/],
    [["--month"], /--month needs a value/],
    [["--month", "--csv"], /--month needs a value/],
    [["--month=2026-11", "--month", "2026-10"], /given twice/],
    [["--csv=yes"], /--csv takes no value/],
    [["--moth", "2026-11"], /Unknown argument "--moth"/],
    [["2026-11"], /Unknown argument "2026-11"/],
  ])("refuses %j with the reason and the usage", (argv, message) => {
    const r = parseReportArgs(argv, NOW);
    expect(r.ok).toBe(false);
    expect((r as { message: string }).message).toMatch(message);
    expect((r as { message: string }).message).toContain("usage: npm run donations:report");
  });
});
