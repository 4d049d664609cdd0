// What one Lighthouse run reports, and the figures of a route's runs: the median, the range of the figures that
// move most with the machine's load, and the runs Lighthouse could not measure (named, never counted as zeros).
export interface LighthouseRun {
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  bootupMs: number;
  mainThreadMs: number;
  jsRequests: number;
  /** Script and style bytes as transferred (Lighthouse's network records, headers included), kB. */
  jsCssKb: number;
  /**
   * Lighthouse's measure of the host's CPU at the start of the run. Its default 4× slowdown assumes 1,500–2,000 (a
   * high-end desktop); this 2-core machine measures ~1,500 in a blank page but 1,000–1,300 during runs, the
   * browser, the server and Lighthouse sharing its cores, which is why one machine's scores do not hold on another.
   */
  benchmarkIndex: number;
  /** The CPU slowdown the run simulated (Lighthouse's default 4 for mobile, 1 for desktop). */
  cpuMultiplier: number;
}

export interface LighthouseFigures {
  route: string;
  formFactor: 'mobile' | 'desktop';
  /** Runs with figures; a run Lighthouse could not measure is listed in `failed` (its error code) instead. */
  runs: number;
  failed: string[];
  median: LighthouseRun;
  /** The lowest and highest of the runs, for the figures that move most with the machine's load. */
  spread: Record<SpreadField, [number, number]>;
  loadAverage: number[];
}

type SpreadField = 'score' | 'lcpMs' | 'tbtMs';
const SPREAD_FIELDS: SpreadField[] = ['score', 'lcpMs', 'tbtMs'];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

type Audits = Record<string, { numericValue?: number; details?: { items?: Record<string, unknown>[] } }>;

export interface Lhr {
  categories: { performance: { score: number | null } };
  audits: Audits;
  environment?: { benchmarkIndex?: number };
  configSettings?: { throttling?: { cpuSlowdownMultiplier?: number } };
  runtimeError?: { code: string; message?: string };
}

/** Why a run gave no figures (Lighthouse's runtime error, or no score): such a run is not counted as zeros. */
export function runFailure(lhr: Lhr): string | null {
  if (lhr.runtimeError) return lhr.runtimeError.code;
  return lhr.categories.performance.score === null ? 'NO_SCORE' : null;
}

export function readRun(lhr: Lhr): LighthouseRun {
  const a = lhr.audits;
  const requests = (a['network-requests']?.details?.items ?? []) as { resourceType?: string; transferSize?: number }[];
  const jsCss = requests.filter((r) => r.resourceType === 'Script' || r.resourceType === 'Stylesheet');
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: Math.round(a['largest-contentful-paint']?.numericValue ?? 0),
    fcpMs: Math.round(a['first-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(a['total-blocking-time']?.numericValue ?? 0),
    cls: Math.round((a['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    speedIndexMs: Math.round(a['speed-index']?.numericValue ?? 0),
    bootupMs: Math.round(a['bootup-time']?.numericValue ?? 0),
    mainThreadMs: Math.round(a['mainthread-work-breakdown']?.numericValue ?? 0),
    jsRequests: requests.filter((r) => r.resourceType === 'Script').length,
    jsCssKb: Math.round(jsCss.reduce((n, r) => n + (r.transferSize ?? 0), 0) / 102.4) / 10,
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
    cpuMultiplier: lhr.configSettings?.throttling?.cpuSlowdownMultiplier ?? 4,
  };
}

/** The median and range of the runs that gave figures; the failed ones are named, never counted as zeros. */
export function summariseRuns(route: string, formFactor: 'mobile' | 'desktop', measured: LighthouseRun[], failed: string[], load: number[]): LighthouseFigures {
  if (measured.length === 0) throw new Error(`every Lighthouse run of ${route} ${formFactor} failed: ${failed.join(', ')}`);
  const fields = Object.keys(measured[0]) as (keyof LighthouseRun)[];
  const med = Object.fromEntries(fields.map((f) => [f, median(measured.map((r) => r[f]))])) as unknown as LighthouseRun;
  const spread = Object.fromEntries(
    SPREAD_FIELDS.map((f) => [f, [Math.min(...measured.map((r) => r[f])), Math.max(...measured.map((r) => r[f]))]]),
  ) as LighthouseFigures['spread'];
  return { route, formFactor, runs: measured.length, failed, median: med, spread, loadAverage: load };
}
