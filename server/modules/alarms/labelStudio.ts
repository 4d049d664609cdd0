// Sends an alarm's snapshot to Label Studio as a labelling task, its detection box as a pre-annotation.
// Configured by the system settings labelStudioUrl, labelStudioToken and labelStudioProject (default project);
// without a URL the operation answers 501. One task per alarm and project (a repeat answers the stored one).
import { ApiError } from '../../http/apiError.ts';
import type { HandlerContext } from '../../http/handler.ts';
import { translate } from '../../http/messages.ts';
import { OutboundRefused } from '../../http/outbound.ts';
import { type OutboundAnswer, outboundRequest } from '../../http/outboundRequest.ts';
import { outboundPolicy } from '../system/outboundPolicy.ts';
import { notFound } from '../shared/records.ts';
import { findLiveAlarm, writeHistory } from './alarmRecords.ts';
import { readImage } from './alarmStore.ts';
import { typeName } from './eventTypes.ts';

const TIMEOUT_MS = 5000;
const MAX_ANSWER_BYTES = 5 * 1024 * 1024;
const DEFAULT_PROJECT = 'argus-alarms';

export async function createLabelTask({ db, body, user, services, lang }: HandlerContext<{ eventId: number; project?: string }>) {
  const alarm = await findLiveAlarm(db, body.eventId);
  if (!alarm) throw notFound('entity.alarm', body.eventId);
  const rows = await db
    .selectFrom('systemConfig')
    .select(['key', 'value'])
    .where('key', 'in', ['labelStudioUrl', 'labelStudioToken', 'labelStudioProject'])
    .execute();
  const config: Record<string, string | undefined> = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  const base = (config.labelStudioUrl ?? '').trim().replace(/\/+$/, '');
  if (!base) throw new ApiError(501, 'alarms.labelStudio.notConfigured');
  const project = body.project ?? (config.labelStudioProject?.trim() || DEFAULT_PROJECT);

  const existing = await db
    .selectFrom('labelStudioTasks')
    .selectAll()
    .where('alarmId', '=', alarm.id)
    .where('project', '=', project)
    .executeTakeFirst();
  if (existing) return { eventId: alarm.id, project, taskId: existing.taskId, url: existing.url };

  // The labelling service is called through the outbound allow-list like any third party (purpose labelStudio).
  const policy = await outboundPolicy(db);
  const call = async (path: string, init: { method?: 'GET' | 'POST'; body?: string } = {}) => {
    let res: OutboundAnswer;
    try {
      res = await outboundRequest(`${base}${path}`, {
        purpose: 'labelStudio',
        policy,
        method: init.method ?? 'GET',
        body: init.body,
        headers: { 'content-type': 'application/json', ...(config.labelStudioToken ? { authorization: `Token ${config.labelStudioToken}` } : {}) },
        timeoutMs: TIMEOUT_MS,
        maxBytes: MAX_ANSWER_BYTES,
      });
    } catch (error) {
      if (!(error instanceof OutboundRefused)) throw new ApiError(500, 'alarms.labelStudio.failed', { detail: `${base} unreachable (${(error as Error).message})` });
      const refused = error.toApiError('labelStudioUrl');
      throw new ApiError(500, 'alarms.labelStudio.failed', { detail: translate(lang, refused.key, refused.params) });
    }
    if (res.status < 200 || res.status >= 300) throw new ApiError(500, 'alarms.labelStudio.failed', { detail: `${init.method ?? 'GET'} ${path} answered HTTP ${res.status}` });
    try {
      return JSON.parse(res.body.toString('utf8')) as any;
    } catch {
      throw new ApiError(500, 'alarms.labelStudio.failed', { detail: `${init.method ?? 'GET'} ${path} answered no JSON` });
    }
  };

  const projects = await call(`/api/projects?page_size=1000&title=${encodeURIComponent(project)}`);
  const list: { id: number; title: string }[] = Array.isArray(projects) ? projects : (projects?.results ?? []);
  const target = list.find((p) => p.title === project);
  if (!target) throw new ApiError(404, 'alarms.labelStudio.noProject', { project });

  const image = alarm.imagePath ? await readImage(services.config.dataDir, alarm.imagePath).catch(() => null) : null;
  const dataUrl = image ? `data:${alarm.imagePath!.endsWith('.png') ? 'image/png' : 'image/jpeg'};base64,${image.toString('base64')}` : null;
  const task = await call('/api/tasks', {
    method: 'POST',
    body: JSON.stringify({ project: target.id, data: { image: dataUrl, alarmId: alarm.id, eventType: alarm.eventType } }),
  });
  const taskId = Number(task?.id);
  if (!Number.isInteger(taskId) || taskId < 1) throw new ApiError(500, 'alarms.labelStudio.failed', { detail: 'no task id in the answer' });
  // The detection box as a pre-annotation, in percent of the image as Label Studio expects.
  await call('/api/predictions', {
    method: 'POST',
    body: JSON.stringify({
      task: taskId,
      model_version: 'argus-edge',
      score: Number(alarm.confidence),
      result: [
        {
          from_name: 'label',
          to_name: 'image',
          type: 'rectanglelabels',
          value: {
            x: (alarm.boxX / alarm.imageWidth) * 100,
            y: (alarm.boxY / alarm.imageHeight) * 100,
            width: (alarm.boxW / alarm.imageWidth) * 100,
            height: (alarm.boxH / alarm.imageHeight) * 100,
            rectanglelabels: [typeName(alarm.eventType, 'en')],
          },
        },
      ],
    }),
  });
  const url = `${base}/projects/${target.id}/data?task=${taskId}`;
  const who = user!.username;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('labelStudioTasks')
      .values({ alarmId: alarm.id, project, taskId, url, createUser: who })
      .onConflict((oc) => oc.columns(['alarmId', 'project']).doNothing())
      .execute();
    await writeHistory(trx, [{ alarmId: alarm.id, action: 'labelStudio', fromStatus: alarm.status, toStatus: alarm.status, userName: who, remark: project }]);
  });
  const stored = await db
    .selectFrom('labelStudioTasks')
    .select(['taskId', 'url'])
    .where('alarmId', '=', alarm.id)
    .where('project', '=', project)
    .executeTakeFirstOrThrow();
  return { eventId: alarm.id, project, taskId: stored.taskId, url: stored.url };
}
