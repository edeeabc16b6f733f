import { useEffect, useRef } from "react";
import type { TrendChart } from "./dashboard-trends.server";

// A trend chart drawn after hydration: the server sends the chart's table and an empty canvas, and
// the browser fetches Chart.js (draw-trend-chart.ts, a chunk of its own) only once a dashboard
// renders one. The canvas is an image named by the chart's summary; its table says it in words.

export function TrendCanvas({ chart }: { chart: TrendChart }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let drawn: { destroy(): void } | undefined;
    let gone = false;
    void import("./draw-trend-chart").then(({ drawTrendChart }) => {
      if (!gone && canvas.current) drawn = drawTrendChart(canvas.current, chart);
    });
    return () => {
      gone = true;
      drawn?.destroy();
    };
  }, [chart]);
  return (
    <div className="relative w-full">
      <canvas ref={canvas} role="img" aria-label={chart.summary} data-testid={`chart-${chart.id}`} />
    </div>
  );
}
