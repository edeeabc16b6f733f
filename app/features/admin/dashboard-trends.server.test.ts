import { describe, expect, it } from "vitest";
import type { DashboardTrends } from "../../../server/read-models/dashboard-trends";
import { trendChart } from "./dashboard-trends.server";

// The trend charts as the page draws and tabulates them: money and days formatted for people and
// raw in the CSV, cancel reasons by their labels (most frequent first), donations pivoted per
// cause, the staff program's allowance used as a percentage.

const trends: DashboardTrends = {
  range: 30,
  sales: [{ day: "2031-03-12", orders: 2, netCents: 3200 }],
  autoships: [{ week: "2031-03-10", created: 1, cancelled: 3, active: 7, reasons: { too_expensive: 1, pet_passed_away: 2 } }],
  renewals: [{ day: "2031-03-12", renewals: 1, cents: 1900 }],
  donations: [
    { month: "2031-02", causeId: "a", causeName: "Alpha", cents: 0 },
    { month: "2031-02", causeId: "b", causeName: "Beta", cents: 250 },
    { month: "2031-03", causeId: "a", causeName: "Alpha", cents: -100 },
    { month: "2031-03", causeId: "b", causeName: "Beta", cents: 0 },
  ],
  staff: [{ month: "2031-03", orders: 3, members: 2, usedLb: 70.04, allowanceLb: 180 }],
};

describe("trend charts", () => {
  it("tabulates sales for people and for the CSV", () => {
    const c = trendChart("sales", trends);
    expect(c.table.rows[0].cells.map((x) => [x.text, x.csv])).toEqual([
      ["Mar 12, 2031", "2031-03-12"],
      ["2", 2],
      ["$32.00", "32.00"],
    ]);
    expect(c.series.map((s) => [s.label, s.unit, s.values])).toEqual([
      ["Revenue", "usd", [3200]],
      ["Orders", "count", [2]],
    ]);
  });

  it("names cancel reasons by their labels, the most frequent first", () => {
    const [row] = trendChart("autoships", trends).table.rows;
    expect(row.cells[4]).toEqual({ text: "My pet passed away (2); It costs too much (1)", csv: "My pet passed away (2); It costs too much (1)" });
  });

  it("draws donations as one stacked series per cause, months as labels, a reversal below zero", () => {
    const c = trendChart("donations", trends);
    expect(c.stacked).toBe(true);
    expect(c.empty).toBeUndefined();
    expect(c.labels).toEqual(["February 2031", "March 2031"]);
    expect(c.series.map((s) => [s.label, s.values])).toEqual([
      ["Alpha", [0, -100]],
      ["Beta", [250, 0]],
    ]);
    expect(c.table.rows[2].cells[2]).toEqual({ text: "−$1.00", csv: "-1.00" });
    expect(trendChart("donations", { ...trends, donations: [] }).empty).toBe("Nothing was given to a cause in these six months.");
  });

  it("gives the staff program's pounds to a tenth and the allowance used in percent", () => {
    const [row] = trendChart("staff", trends).table.rows;
    expect(row.cells.map((x) => x.csv)).toEqual(["2031-03", 3, 2, 70, 180, 39]);
    expect(row.cells[5].text).toBe("39%");
  });
});
