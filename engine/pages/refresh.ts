/** Refresh interval options of list pages (forms spec §9), in seconds; 0 = off. */
export const REFRESH_INTERVALS: readonly { label: string; seconds: number }[] = [
  { label: '10s', seconds: 10 },
  { label: '30s', seconds: 30 },
  { label: '1m', seconds: 60 },
  { label: '5m', seconds: 300 },
  { label: '15m', seconds: 900 },
  { label: '30m', seconds: 1800 },
  { label: '1h', seconds: 3600 },
  { label: '2h', seconds: 7200 },
  { label: '24h', seconds: 86400 },
];
