// Demo orchestrations: drafts started from the spec §9 presets, one published twice (two versions in the history),
// one published and edited since (changed), one never published. No validation is recorded: the operator validates
// before the next publish, on real images.
import { type Kysely, sql } from 'kysely';
import { presetParam, serialiseOrchestrationParam } from '../../../src/domain/orchestrationParam.ts';
import type { Database } from '../types.ts';

interface DemoDraft {
  name: string;
  desc: string;
  customEventType: 1 | 2;
  param: string;
  /** Versions published, oldest first, with the param each published (the last one is current). */
  published: { version: string; param: string; daysAgo: number }[];
  /** The draft's param now (differs from the last published one: changed since). */
  current?: string;
  daysAgo: number;
}

const param = (eventId: number | null, prompts?: string[], match: 'any' | 'all' = 'any', threshold = 0.7) => {
  const p = presetParam(eventId);
  if (prompts) p.identifyObj = { checked: true, prompt: prompts, box_threshold: threshold };
  p.rule = { match, minCount: 1 };
  return serialiseOrchestrationParam(p);
};

const DRAFTS: DemoDraft[] = [
  {
    name: '玩手机检测-编排',
    desc: '人员与手机同时出现即告警（由预置事件 45 开始）',
    customEventType: 2,
    param: param(45, ['cell phone', 'person'], 'all', 0.3),
    published: [
      { version: '1.0.0', param: param(45), daysAgo: 12 },
      { version: '1.0.1', param: param(45, ['cell phone', 'person'], 'all', 0.3), daysAgo: 3 },
    ],
    daysAgo: 14,
  },
  {
    name: '工位在岗检测',
    desc: '工位上有人且有显示器时记录在岗',
    customEventType: 1,
    param: param(null, ['person', 'monitor'], 'all', 0.3),
    published: [{ version: '1.0.0', param: param(null, ['person', 'monitor'], 'all', 0.3), daysAgo: 6 }],
    current: param(null, ['person', 'monitor', 'chair'], 'all', 0.3),
    daysAgo: 8,
  },
  {
    name: '垃圾暴露识别',
    desc: '由预置事件 53 开始：人员、塑料袋、植物（塑料袋不在检测模型的类别中）',
    customEventType: 2,
    param: param(53),
    published: [],
    daysAgo: 1,
  },
];

export async function seedOrchestration(trx: Kysely<Database>): Promise<void> {
  const day = 86400_000;
  for (const d of DRAFTS) {
    const created = new Date(Date.now() - d.daysAgo * day);
    const last = d.published.at(-1);
    const eventId = last ? Number((await sql<{ id: string }>`SELECT nextval('setup_event_ids') AS id`.execute(trx)).rows[0]?.id) : null;
    const catalogue = last && eventId
      ? await trx
          .insertInto('catalogueEvents')
          .values({ eventId, eventName: d.name, eventType: 'custom', appName: 'argus-orchestration', typeId: 2, version: last.version })
          .returning('id')
          .executeTakeFirstOrThrow()
      : undefined;
    const row = await trx
      .insertInto('setupEvents')
      .values({
        name: d.name,
        description: d.desc,
        param: d.current ?? d.param,
        sataus: !last ? 0 : d.current ? 2 : 1,
        customEventType: d.customEventType,
        eventName: d.name,
        eventId,
        version: last?.version ?? '1.0.0',
        buttonType: 'orchestrate',
        userName: 'admin',
        catalogueEventId: catalogue?.id ?? null,
        publishedVersion: last?.version ?? null,
        publishedAt: last ? new Date(Date.now() - last.daysAgo * day) : null,
        createdAt: created,
        updatedAt: new Date(Date.now() - Math.min(d.daysAgo, last?.daysAgo ?? d.daysAgo) * day),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const v of d.published) {
      await trx
        .insertInto('setupEventVersions')
        .values({
          setupEventId: row.id,
          version: v.version,
          name: d.name,
          eventName: d.name,
          eventId: eventId as number,
          description: d.desc,
          param: v.param,
          customEventType: d.customEventType,
          typeId: 2,
          appName: 'argus-orchestration',
          userName: 'admin',
          publishedAt: new Date(Date.now() - v.daysAgo * day),
        })
        .execute();
    }
  }
}
