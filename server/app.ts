// buildApp(config): the whole server as tests construct it — database, contract routes, static console.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import type { ServerConfig } from './config.ts';
import { loadContract, type Contract } from './contract/loadContract.ts';
import { API_PREFIX, registerOperations } from './contract/registerOperations.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { prepareDatabase } from './db/prepare.ts';
import { ApiError } from './http/apiError.ts';
import type { AppServices } from './http/handler.ts';
import { pickLang, translate } from './http/messages.ts';
import { asClientError } from './http/clientErrors.ts';
import { badFilesPath, registerInputChecks } from './http/inputChecks.ts';
import { registerSeededNames } from './http/seededNames.ts';
import { loggerOptions } from './http/logRedaction.ts';
import { registerCompression, registerConsoleFiles } from './http/delivery.ts';
import { FILES_PREFIX, registerSecurityHeaders } from './http/securityHeaders.ts';
import { registerSignInLimits } from './http/signInLimits.ts';
import { sweepStaged } from './http/stagedUploads.ts';
import { describeSchemaErrors } from './http/validationMessages.ts';
import { validatorPool } from './http/validatorPool.ts';
import { closeDetector } from './ml/detector.ts';
import { closeFeatures } from './ml/features.ts';
import { prepareIngestFields } from './modules/alarms/ingestFields.ts';
import { registerPackedFiles } from './modules/alarms/packedFileRoute.ts';
import { closePacks } from './modules/alarms/snapshotPacks.ts';
import { sealStoredRtspUrls } from './modules/devices/rtspCredentials.ts';
import { registerBoxSocket } from './modules/edgeBox/boxSocketRoute.ts';
import { BoxSockets } from './modules/edgeBox/boxSockets.ts';
import { movePrivateFiles } from './modules/devices/storedFiles.ts';
import { handlers } from './modules/index.ts';
import { startPlanScheduler } from './modules/plans/scheduler.ts';
import { startPushDelivery } from './modules/push/deliveryLoop.ts';
import { cropIndexFor } from './modules/retrieval/cropIndex.ts';
import { startRetrievalIndex } from './modules/retrieval/indexLoop.ts';
import { startResourceSampler } from './modules/stats/resourceSampler.ts';
import { registerPrivateFiles } from './modules/training/privateFileRoute.ts';
import { startTrainRunner } from './modules/training/trainQueue.ts';
import { LiveHub } from './modules/video/liveHub.ts';
import { prepareRecordingFields } from './modules/video/recordingFields.ts';
import { startRecordingRetention, statfsUsage } from './modules/video/recordingRetention.ts';
import { listenForBoxWakes } from './realtime/boxWake.ts';
import { registerRealtime } from './realtime/websocketRoutes.ts';

export interface BuiltApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  contract: Contract;
  services: AppServices;
  close(): Promise<void>;
}

export const BODY_LIMIT = 8 * 1024 * 1024;

export interface BuildOptions {
  /** Where the request log goes instead of stdout (tests read it). */
  logStream?: NodeJS.WritableStream;
}

/**
 * One validator pool for every app this process builds: an app built again from the same contract (the tests build
 * one per file; a restart in place) finds its route schemas compiled already instead of compiling 270 of them anew
 * (1.5–4 s of each start on a loaded 2-core machine). The contract's route schemas are shared objects
 * (registerOperations), which is what Ajv's compile cache is keyed by; the pool's key is cheap (validatorPool.ts).
 */
const sharedValidators = validatorPool();

export async function buildApp(config: ServerConfig, options: BuildOptions = {}): Promise<BuiltApp> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    inMemory: config.inMemoryDatabase,
    loadDataDir: config.databaseTemplate,
  });
  await prepareDatabase(database, config);
  await sealStoredRtspUrls(database.db);
  const contract = loadContract();
  const services: AppServices = { config, db: database.db };
  // Uploads a stopped server was still receiving or checking (<DATA_DIR>/tmp) are removed once they are a day old.
  sweepStaged(config.dataDir);

  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    bodyLimit: BODY_LIMIT,
    trustProxy: false,
    ajv: { customOptions: { allErrors: true, coerceTypes: 'array', useDefaults: true, strict: false } },
    schemaController: { compilersFactory: { buildValidator: sharedValidators } },
    // Errors raised before routing (an undecodable URL) answer with the envelope like every other error.
    frameworkErrors: (error, req, res) => {
      const reply = res as unknown as FastifyReply;
      const lang = pickLang(req.headers['accept-language']);
      const path = req.url.split('?')[0];
      if (error.code === 'FST_ERR_BAD_URL' && path.startsWith(FILES_PREFIX)) {
        return reply.status(404).send({ code: 404, msg: translate(lang, 'notFound.route', { method: req.method, path: '/files/…' }), data: null });
      }
      if (error.code === 'FST_ERR_BAD_URL') return reply.status(400).send({ code: 400, msg: translate(lang, 'badUrl', { path }), data: null });
      return reply.status(400).send({ code: 400, msg: translate(lang, 'badJson'), data: null });
    },
  });
  await registerSecurityHeaders(app, database.db);
  await registerCompression(app);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 200 * 1024 * 1024, files: 100, fields: 50 } });
  registerInputChecks(app);
  registerSeededNames(app);
  await registerSignInLimits(app, config);
  app.addHook('onRequest', async (req, reply) => {
    // Traversal, NUL or undecodable names under /files/ are simply not found (before the static handler sees them).
    if (req.url.startsWith(FILES_PREFIX) && badFilesPath(req.url, FILES_PREFIX)) {
      const lang = pickLang(req.headers['accept-language']);
      return reply.status(404).send({ code: 404, msg: translate(lang, 'notFound.route', { method: req.method, path: '/files/…' }), data: null });
    }
  });

  app.setErrorHandler((thrown: FastifyError | ApiError, req, reply) => {
    const lang = pickLang(req.headers['accept-language']);
    const error = asClientError(thrown) ?? thrown;
    if (error instanceof ApiError) {
      return reply.status(error.httpStatus).send({ code: error.code, msg: translate(lang, error.key, error.params), data: error.data });
    }
    if (error.validation) {
      const msg = describeSchemaErrors(error.validation as never, error.validationContext ?? 'body', lang);
      return reply.status(200).send({ code: 400, msg, data: null });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      return reply.status(413).send({ code: 413, msg: translate(lang, 'tooLarge'), data: null });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ code: 415, msg: translate(lang, 'badContentType', { type: req.headers['content-type'] ?? '' }), data: null });
    }
    if (error.statusCode === 400 || error instanceof SyntaxError || error.code?.startsWith('FST_ERR_CTP')) {
      return reply.status(400).send({ code: 400, msg: translate(lang, 'badJson'), data: null });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 500, msg: translate(lang, 'internal'), data: null });
  });

  registerOperations(app, contract, handlers, services);
  // The box uploads' form validators, compiled now rather than by the first alarm or recording (under ingest at
  // 500 alarms/s, the ~65 ms they took then queued the first ~30 alarms behind them).
  prepareIngestFields();
  prepareRecordingFields();
  // Planned tasks run at their times for as long as the server runs.
  const planScheduler = startPlanScheduler(database.db, (err) => app.log.error({ err }, 'planned task run failed'));
  app.addHook('onClose', () => planScheduler.stop());
  // This server's host is measured while it runs (resource analysis, the dashboards).
  services.resourceSampler = startResourceSampler(database.db, config.dataDir, config.resourceSampleSeconds, (err) => app.log.warn({ err }, 'host measurement failed'));
  app.addHook('onClose', () => services.resourceSampler?.stop());
  // Alarms and test pushes queued for third-party endpoints are delivered off the ingest path.
  services.pushDelivery = startPushDelivery(database.db, config.push, (err) => app.log.warn({ err: String(err) }, 'push delivery failed'));
  app.addHook('onClose', () => services.pushDelivery?.stop());
  // Stored alarms are embedded for target retrieval in the background (low priority, off the ingest path).
  if (config.retrievalIndex.enabled) {
    services.retrievalIndex = startRetrievalIndex(database.db, config.dataDir, config.retrievalIndex, (err) => app.log.warn({ err: String(err) }, 'retrieval indexing failed'));
    app.addHook('onClose', () => services.retrievalIndex?.stop());
    // The stored vectors are read into memory now, in the background, not by the first search.
    cropIndexFor(database.db)
      .load(database.db)
      .catch((err: unknown) => app.log.warn({ err: String(err) }, 'reading the retrieval vectors failed'));
  }
  // Continuous recordings are deleted oldest first by the retention settings (days, disk share, free-space floor).
  services.recordingRetention = startRecordingRetention(database.db, config.dataDir, config.recordingDisk ?? statfsUsage, (err) => app.log.warn({ err }, 'recording retention failed'));
  app.addHook('onClose', () => services.recordingRetention?.stop());
  // The object detector's worker thread (started by the first validation) ends with the server.
  app.addHook('onClose', () => closeDetector());
  // Trainings queued in the database run here (and on every other instance sharing it); a job left running by a
  // stopped instance is taken up again after its heartbeat goes stale.
  services.trainRunner = startTrainRunner(database.db, config.dataDir, { onError: (err) => app.log.error({ err }, 'training failed') });
  app.addHook('onClose', async () => {
    await services.trainRunner?.stop();
    await closeFeatures();
  });
  // Websockets (x-websockets of the contract) and the alarm push; handlers reach it as services.realtime.
  services.realtime = await registerRealtime(app, database, config);
  // The boxes' sockets (live fragments, wake-ups, snapshots) and the live viewers they feed.
  const boxSockets = new BoxSockets();
  services.boxSockets = boxSockets;
  services.live = new LiveHub(boxSockets, config.liveLimits);
  registerBoxSocket(app, database.db, boxSockets);
  const wakes = await listenForBoxWakes(database, config, (boxId) => boxSockets.wake(boxId), (err) => app.log.warn({ err }, 'box wake listener'));
  app.addHook('preClose', async () => {
    services.live?.close();
    boxSockets.close();
  });
  app.addHook('onClose', () => wakes.close());

  const filesDir = join(config.dataDir, 'files');
  mkdirSync(filesDir, { recursive: true });
  // Training, evaluation and verification images a former version kept under files/ (served by name) move to
  // private/, which only signed URLs open.
  const moved = movePrivateFiles(config.dataDir);
  if (moved > 0) app.log.info({ moved }, 'private training images moved out of the public files');
  registerPrivateFiles(app, database.db, config.dataDir);
  registerPackedFiles(app, config.dataDir);
  app.addHook('onClose', () => closePacks(config.dataDir));
  await app.register(fastifyStatic, { root: filesDir, prefix: '/files/', decorateReply: false });
  const staticDir = config.staticDir && existsSync(join(config.staticDir, 'index.html')) ? config.staticDir : undefined;
  const consoleFiles = staticDir ? await registerConsoleFiles(app, staticDir) : undefined;

  app.setNotFoundHandler((req, reply) => {
    const lang = pickLang(req.headers['accept-language']);
    const wantsPage = req.method === 'GET' && !req.url.startsWith(API_PREFIX) && String(req.headers.accept ?? '').includes('text/html');
    if (staticDir && consoleFiles && wantsPage) return reply.type('text/html').sendFile(consoleFiles.pageFor(req.url), staticDir);
    return reply
      .status(404)
      .send({ code: 404, msg: translate(lang, 'notFound.route', { method: req.method, path: req.url.split('?')[0] }), data: null });
  });

  return {
    app,
    database,
    contract,
    services,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
