// algorithms: exports of custom (setup) events and preset events as zip packages another platform can import:
// event.json (the definition), prompts.json (how this platform's detector supports each recognition prompt),
// versions.json (published versions, custom events only) and a README.
import JSZip from 'jszip';
import { type OrchestrationParam, parseOrchestrationParam, presetParam } from '../../../src/domain/orchestrationParam.ts';
import { resolvePrompt } from '../../../src/domain/recognitionPrompts.ts';
import { formatTime } from '../../http/format.ts';
import { FileReply, type HandlerMap } from '../../http/handler.ts';
import { DETECTOR_INFO } from '../../ml/detector.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { notFound } from '../shared/records.ts';
import { type Db, requireSetupEvent } from './setupEventStore.ts';

type SetupEventRow = Awaited<ReturnType<typeof requireSetupEvent>>;

const FORMAT = 'argus-custom-event/1';

function promptReport(param: OrchestrationParam) {
  return {
    detector: { name: DETECTOR_INFO.name, classes: DETECTOR_INFO.classes.length, licence: DETECTOR_INFO.licence },
    boxThreshold: param.identifyObj.box_threshold,
    prompts: param.identifyObj.prompt.map((p) => {
      const s = resolvePrompt(p);
      return s.supported ? { prompt: p, supported: true, classes: s.classes, via: s.via } : { prompt: p, supported: false, reason: s.reason };
    }),
  };
}

function readme(kind: string, name: string, version: string): string {
  return [
    `${kind}: ${name} ${version}`,
    `Format: ${FORMAT}`,
    '',
    'event.json    the definition (spec §3 setup event fields; param is the JSON text of the algorithm parameters)',
    'prompts.json  how the exporting platform\'s object detector supports each recognition prompt',
    'versions.json the published versions, newest first (custom events)',
    '',
  ].join('\n');
}

/** The zip as a file answer; the name keeps the event name, safe for every file system. */
async function zipReply(files: Record<string, unknown>, baseName: string, version: string): Promise<FileReply> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(files)) zip.file(name, typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
  const body = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  // Characters no file system accepts, and control characters, become underscores.
  const safe = [...`${baseName}-${version}`].map((c) => (/[\\/:*?"<>|]/.test(c) || c.charCodeAt(0) < 32 ? '_' : c)).join('');
  return new FileReply(body, 'application/zip', `${safe}.zip`);
}

/** The package of a custom event as it stands now (event.json, prompts.json, versions.json, README): the export's
 * answer, and the file the algorithm mall offers for a published version. */
export async function customEventPackage(db: Db, row: SetupEventRow): Promise<FileReply> {
  const versions = await db.selectFrom('setupEventVersions').selectAll().where('setupEventId', '=', row.id).orderBy('publishedAt', 'desc').orderBy('id', 'desc').execute();
  const parsed = parseOrchestrationParam(row.param);
  return zipReply(
    {
      'event.json': {
        format: FORMAT,
        name: row.name,
        desc: row.description,
        param: row.param,
        sataus: row.sataus,
        customEventType: row.customEventType,
        eventName: row.eventName,
        eventId: row.eventId,
        version: row.version,
        publishedVersion: row.publishedVersion,
        remark: row.remark,
        info1: row.info1,
        buttonType: row.buttonType,
        userName: row.userName,
        createTime: formatTime(row.createdAt),
        updateTime: formatTime(row.updatedAt),
      },
      'prompts.json': parsed.ok ? promptReport(parsed.value) : { prompts: [] },
      'versions.json': versions.map((v) => ({
        version: v.version,
        name: v.name,
        eventName: v.eventName,
        eventId: v.eventId,
        desc: v.description,
        param: v.param,
        customEventType: v.customEventType,
        typeId: v.typeId,
        appName: v.appName,
        remark: v.remark,
        userName: v.userName,
        publishTime: formatTime(v.publishedAt),
      })),
      'README.txt': readme('Custom event', row.eventName || row.name, row.version),
    },
    row.eventName || row.name,
    row.version,
  );
}

export const setupEventExportHandlers: HandlerMap = {
  async exportCustomEvent({ db, query }: Ctx<'exportCustomEvent'>) {
    const row = await requireSetupEvent(db, query.id);
    // A download of the algorithm (the home dashboard's top downloads count these); one atomic increment.
    await db.updateTable('setupEvents').set((eb) => ({ downloads: eb('downloads', '+', 1) })).where('id', '=', row.id).execute();
    return customEventPackage(db, row);
  },

  async exportPresetEvent({ db, query }: Ctx<'exportPresetEvent'>) {
    // Preset = a custom-type catalogue event that no setup event published.
    const event = await db
      .selectFrom('catalogueEvents')
      .selectAll()
      .where('eventId', '=', query.id)
      .where('eventType', '=', 'custom')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('setupEvents').select('setupEvents.id').whereRef('setupEvents.catalogueEventId', '=', 'catalogueEvents.id'))))
      .orderBy('id')
      .executeTakeFirst();
    if (!event) throw notFound('algorithms.entity.presetEvent', query.id);
    const param = presetParam(event.eventId);
    const { extra: _extra, ...readable } = param;
    return zipReply(
      {
        'event.json': {
          format: FORMAT,
          name: event.eventName,
          desc: event.remark,
          param: JSON.stringify(readable),
          customEventType: param.identifyObj.prompt.length ? 2 : 1,
          eventName: event.eventName,
          eventId: event.eventId,
          typeId: event.typeId,
          appName: event.appName,
          version: event.version,
          remark: event.remark,
          preset: true,
        },
        'prompts.json': promptReport(param),
        'README.txt': readme('Preset event', event.eventName, event.version),
      },
      event.eventName,
      event.version,
    );
  },
};
