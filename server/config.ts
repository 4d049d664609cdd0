// Server configuration from the environment (documented in README.md).
import { join, resolve } from 'node:path';
import type { LiveLimits } from './modules/video/liveHub.ts';
import type { DiskUsage } from './modules/video/recordingRetention.ts';

/** How long an image search waits for the stored vectors' start-up read (10,000 crops: see README "Target retrieval"). */
export const RETRIEVAL_LOAD_WAIT_MS = 5000;

export interface ServerConfig {
  host: string;
  port: number;
  /** PostgreSQL URL; when absent the embedded database under dataDir is used. */
  databaseUrl?: string;
  dataDir: string;
  /** Keep the embedded database in memory (tests); files still go under dataDir. */
  inMemoryDatabase?: boolean;
  /** Tests: an in-memory embedded database starts from this dump (a migrated, seeded template) instead of empty. */
  databaseTemplate?: Blob;
  /** Built console to serve (vite build output); absent in API-only tests. */
  staticDir?: string;
  tokenTtlMs: number;
  /** Failed sign-ins in a row before the account locks, and for how long. */
  lockAfterFailures: number;
  lockMs: number;
  /** Sign-in calls allowed per client address and per account name in each window (beyond: 429). */
  signInLimits: { perAddress: number; perAccount: number; windowMs: number };
  adminPassword: string;
  operatorPassword: string;
  logLevel: string;
  /** Seconds between measurements of this server's host (resource analysis); 0 turns them off. */
  resourceSampleSeconds: number;
  /** Days of simulated history a new demo site is seeded with (alarms, box figures, model calls); 0 none. */
  historyDays: number;
  /** Tests: the seeded history's daily and weekly rhythm is that of the hours before this moment, so what a test
   *  sees does not change with the day it runs on (SEED_PATTERN_AT, an ISO time; absent: the real hours). */
  seedPatternAt?: Date;
  /** An OpenAI-compatible chat completions URL taking images (describeImage); absent: no model service. */
  modelService?: { url: string; apiKey?: string; model: string };
  /** Push to third parties: how often the delivery loop looks for due deliveries, the first retry's delay (doubling
   *  after each failure) and how long one attempt may take. */
  push: { pollMs: number; retryBaseMs: number; timeoutMs: number };
  /** Target retrieval's background index loop: embeds each stored alarm's snapshot and box crop at low priority, so
   *  an image search finds them embedded; pollMs between looks at an empty backlog; while it runs, a search embeds
   *  at most searchEmbedLimit candidates the loop has not reached (the rest are reported as still being indexed).
   *  loadWaitMs: how long a search waits for the stored vectors' start-up read before it compares what is read
   *  (default RETRIEVAL_LOAD_WAIT_MS). */
  retrievalIndex: { enabled: boolean; pollMs: number; searchEmbedLimit: number; loadWaitMs?: number };
  /** Tests: other live-view limits than LIVE_LIMITS (a shorter grace time after the last viewer leaves). */
  liveLimits?: Partial<LiveLimits>;
  /** Tests: how the data directory's disk is measured for recordings (default: statfs). */
  recordingDisk?: DiskUsage;
  /** The in-process edge box of the demo site (server/edge/demoEdgeBox.ts): `EDGE=off` does not start it (test
   *  servers never do). mediaDir is the folder local video files of cameras must be in (EDGE_MEDIA_DIR; absent:
   *  <dataDir>/media, see edgeMediaDir). */
  edge: { enabled: boolean; mediaDir?: string };
  /** Validation on a video: at most queueLimit validations wait for the ffmpeg slot (beyond: 429 with Retry-After);
   *  each reads at most maxSeconds of its video (a longer MP4 is refused before decoding) and decodes for at most
   *  decodeMs. */
  videoValidation: { queueLimit: number; maxSeconds: number; decodeMs: number };
}

export const DEMO_ADMIN_PASSWORD = 'Argus@2026';
export const DEMO_OPERATOR_PASSWORD = 'Operator@2026';

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    host: env.HOST ?? '127.0.0.1',
    port: Number(env.PORT ?? 8080),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    staticDir: env.STATIC_DIR === '' ? undefined : resolve(env.STATIC_DIR ?? 'dist'),
    tokenTtlMs: Number(env.TOKEN_TTL_HOURS ?? 12) * 3600_000,
    lockAfterFailures: Number(env.LOGIN_LOCK_AFTER ?? 5),
    lockMs: Number(env.LOGIN_LOCK_MINUTES ?? 15) * 60_000,
    signInLimits: {
      perAddress: positive(env.LOGIN_RATE_PER_ADDRESS, 100),
      perAccount: positive(env.LOGIN_RATE_PER_ACCOUNT, 30),
      windowMs: positive(env.LOGIN_RATE_WINDOW_SECONDS, 60) * 1000,
    },
    adminPassword: env.ARGUS_ADMIN_PASSWORD ?? DEMO_ADMIN_PASSWORD,
    operatorPassword: env.ARGUS_OPERATOR_PASSWORD ?? DEMO_OPERATOR_PASSWORD,
    logLevel: env.LOG_LEVEL ?? 'info',
    resourceSampleSeconds: env.RESOURCE_SAMPLE_SECONDS === '0' ? 0 : positive(env.RESOURCE_SAMPLE_SECONDS, 15),
    historyDays: env.SEED_HISTORY_DAYS === '0' ? 0 : Math.min(30, positive(env.SEED_HISTORY_DAYS, 30)),
    seedPatternAt: validDate(env.SEED_PATTERN_AT),
    modelService: env.MODEL_SERVICE_URL
      ? { url: env.MODEL_SERVICE_URL, apiKey: env.MODEL_SERVICE_KEY || undefined, model: env.MODEL_SERVICE_MODEL || 'default' }
      : undefined,
    push: {
      pollMs: positive(env.PUSH_POLL_MS, 1000),
      retryBaseMs: positive(env.PUSH_RETRY_BASE_SECONDS, 5) * 1000,
      timeoutMs: positive(env.PUSH_TIMEOUT_SECONDS, 10) * 1000,
    },
    retrievalIndex: {
      enabled: env.RETRIEVAL_INDEX !== 'off',
      pollMs: positive(env.RETRIEVAL_INDEX_POLL_MS, 2000),
      searchEmbedLimit: positive(env.RETRIEVAL_SEARCH_EMBED_LIMIT, 20),
      loadWaitMs: env.RETRIEVAL_LOAD_WAIT_MS === '0' ? 0 : positive(env.RETRIEVAL_LOAD_WAIT_MS, RETRIEVAL_LOAD_WAIT_MS),
    },
    edge: {
      enabled: env.EDGE !== 'off',
      mediaDir: env.EDGE_MEDIA_DIR ? resolve(env.EDGE_MEDIA_DIR) : undefined,
    },
    videoValidation: {
      queueLimit: env.VIDEO_VALIDATION_QUEUE === '0' ? 0 : Math.min(8, positive(env.VIDEO_VALIDATION_QUEUE, 2)),
      maxSeconds: positive(env.VIDEO_VALIDATION_MAX_SECONDS, 600),
      decodeMs: positive(env.VIDEO_VALIDATION_DECODE_SECONDS, 20) * 1000,
    },
  };
}

/** The folder local camera videos (file:// stream URLs) must be in, the demo video's among them. */
export function edgeMediaDir(config: Pick<ServerConfig, 'dataDir' | 'edge'>): string {
  return config.edge.mediaDir ?? join(config.dataDir, 'media');
}

function validDate(value: string | undefined): Date | undefined {
  const date = value ? new Date(value) : undefined;
  return date && Number.isFinite(date.getTime()) ? date : undefined;
}

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : fallback;
}
