// The console dashboard's sales chart covers the last 30 or 90 days (today included), chosen by `?range=`.

export const TREND_RANGES = [30, 90] as const;
export type TrendRange = (typeof TREND_RANGES)[number];

/** The range a `?range=` asks for: 30 days unless it names another offered one. */
export const trendRangeOf = (param: string | null): TrendRange => TREND_RANGES.find((r) => String(r) === param) ?? TREND_RANGES[0];
