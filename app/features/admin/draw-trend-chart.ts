import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from "chart.js";
import { formatUsd } from "../../../rules/shared/money";
import type { TrendChart, TrendUnit } from "./dashboard-trends.server";

// Chart.js for the console dashboard only: imported lazily by trend-canvas.tsx, so no other page
// loads it, and registered with just the pieces these charts use (bars, lines, linear axes,
// tooltips, legend) so the rest of the library is left out of the bundle.

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);

// Colours told apart without hue alone: bars solid, lines dashed with points; contrast ≥ 3:1 on white.
const PALETTE = ["#0054aa", "#b4451f", "#2f7d32", "#6a3d9a", "#8a6d00", "#00707a", "#a3195b", "#4d4d4d"];

// Money is drawn in dollars (cents / 100), so its axis steps in whole dollars rather than cents.
const usd = (dollars: unknown) => formatUsd(Math.round(Number(dollars) * 100), { compact: true });
const text: Record<TrendUnit, (v: unknown) => string> = { usd, lb: (v) => `${String(v)} lb`, count: (v) => String(v) };
// An empty chart still gets a readable axis ($0 to $10, 0 to 5), not steps of a cent.
const EMPTY_MAX: Record<TrendUnit, number> = { usd: 10, lb: 10, count: 5 };

export function drawTrendChart(canvas: HTMLCanvasElement, chart: TrendChart): Chart {
  // The first unit drawn takes the left axis, a second the right (without grid lines of its own).
  const units = (["usd", "lb", "count"] as const).filter((u) => chart.series.some((s) => s.unit === u));
  const dense = chart.labels.length > 31;
  const narrow = (canvas.parentElement?.clientWidth ?? 600) < 480;
  return new Chart(canvas, {
    type: "bar",
    data: {
      labels: chart.labels,
      datasets: chart.series.map((s, i) => {
        const color = PALETTE[i % PALETTE.length];
        const data = s.unit === "usd" ? s.values.map((cents) => cents / 100) : s.values;
        return s.kind === "line"
          ? {
              type: "line" as const,
              label: s.label,
              data,
              yAxisID: s.unit,
              borderColor: color,
              backgroundColor: color,
              borderDash: [6, 3],
              pointRadius: dense ? 0 : 2,
              borderWidth: 2,
              order: 0,
            }
          : { type: "bar" as const, label: s.label, data, yAxisID: s.unit, backgroundColor: color, order: 1 };
      }),
    },
    options: {
      responsive: true,
      // Its height follows its width (a card's); a phone's card is drawn taller for its size.
      aspectRatio: narrow ? 1.2 : 1.6,
      animation: false,
      interaction: { mode: "index", intersect: false },
      plugins: {
        legend: { position: "bottom", labels: { boxWidth: 12 } },
        tooltip: {
          callbacks: {
            label: (item) => {
              const s = chart.series[item.datasetIndex];
              return `${s.label}: ${s.unit === "usd" ? formatUsd(Math.round(Number(item.raw) * 100)) : text[s.unit](item.raw)}`;
            },
          },
        },
      },
      scales: {
        x: { stacked: chart.stacked, ticks: { maxRotation: 0, autoSkip: true, autoSkipPadding: 12 }, grid: { display: false } },
        ...Object.fromEntries(
          units.map((u, i) => [
            u,
            {
              position: i === 0 ? "left" : "right",
              stacked: chart.stacked,
              beginAtZero: true,
              suggestedMax: EMPTY_MAX[u],
              ticks: { precision: 0, callback: (v: unknown) => text[u](v) },
              grid: { drawOnChartArea: i === 0 },
            },
          ]),
        ),
      },
    },
  });
}
