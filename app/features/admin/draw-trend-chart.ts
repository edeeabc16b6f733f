import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from "chart.js";
import { formatUsd } from "../../../rules/shared/money";
import type { TrendChart } from "./dashboard-trends.server";

// Chart.js for the console dashboard only: imported lazily by trend-canvas.tsx, so no other page
// loads it, and registered with just the pieces these charts use (bars, lines, two linear axes,
// tooltips, legend) so the rest of the library is left out of the bundle.

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);

// Colours told apart without hue alone: bars solid, lines dashed with points; contrast ≥ 3:1 on white.
const PALETTE = ["#0054aa", "#b4451f", "#2f7d32", "#6a3d9a", "#8a6d00", "#00707a", "#a3195b", "#4d4d4d"];

export function drawTrendChart(canvas: HTMLCanvasElement, chart: TrendChart): Chart {
  const hasMoney = chart.series.some((s) => s.money);
  const hasCount = chart.series.some((s) => !s.money);
  return new Chart(canvas, {
    type: "bar",
    data: {
      labels: chart.labels,
      datasets: chart.series.map((s, i) => {
        const color = PALETTE[i % PALETTE.length];
        const axis = s.money ? "money" : "count";
        return s.kind === "line"
          ? {
              type: "line" as const,
              label: s.label,
              data: s.values,
              yAxisID: axis,
              borderColor: color,
              backgroundColor: color,
              borderDash: [6, 3],
              pointRadius: 2,
              borderWidth: 2,
              order: 0,
            }
          : { type: "bar" as const, label: s.label, data: s.values, yAxisID: axis, backgroundColor: color, order: 1 };
      }),
    },
    options: {
      responsive: true,
      // Its height follows its width (a card's): no fixed height to crowd a phone's screen.
      aspectRatio: 1.6,
      animation: false,
      interaction: { mode: "index", intersect: false },
      plugins: {
        legend: { position: "bottom", labels: { boxWidth: 12 } },
        tooltip: {
          callbacks: {
            label: (item) => {
              const s = chart.series[item.datasetIndex];
              return `${s.label}: ${s.money ? formatUsd(Number(item.raw)) : String(item.raw)}`;
            },
          },
        },
      },
      scales: {
        x: { stacked: chart.stacked, ticks: { maxRotation: 0, autoSkip: true, autoSkipPadding: 12 }, grid: { display: false } },
        money: {
          display: hasMoney,
          position: "left",
          stacked: chart.stacked,
          beginAtZero: true,
          ticks: { callback: (v) => formatUsd(Number(v), { compact: true }) },
        },
        count: {
          display: hasCount,
          position: hasMoney ? "right" : "left",
          beginAtZero: true,
          ticks: { precision: 0 },
          grid: { drawOnChartArea: !hasMoney },
        },
      },
    },
  });
}
