// The periods a node's history can be shown over (the server keeps 30 days).
export const PERIODS = ['1h', '6h', '24h', '7d', '30d'] as const;
export type Period = (typeof PERIODS)[number];

export const PERIOD_MS: Record<Period, number> = { '1h': 3600_000, '6h': 6 * 3600_000, '24h': 24 * 3600_000, '7d': 7 * 86400_000, '30d': 29.9 * 86400_000 };
