// catalogue: the algorithm mall (/algorithmMall/list) — one record per algorithm name: its newest published
// version with every published version, its type and scene, sample images and the downloads of all its versions.
// Models filed under a scene that is not started are not offered (spec §4 scene filter).
import { sql } from 'kysely';
import { formatTime, pageOf } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { containsPattern, pageResult } from '../shared/records.ts';

interface MallRow {
  id: number;
  name: string;
  version: string;
  description: string;
  modelTypeId: number;
  typeName: string;
  typeCode: string;
  modelSceneId: number | null;
  sceneName: string | null;
  coverUrl: string | null;
  size: string;
  eventIds: number[];
  publishedAt: Date | null;
  createdAt: Date;
  setupEventId: number | null;
  totalDownloads: string;
  total: string;
}

export const mallHandlers: HandlerMap = {
  async listMallAlgorithms({ db, body }: Ctx<'listMallAlgorithms'>) {
    const page = pageOf(body);
    const keyword = body.keyword?.trim();
    const filters = [
      sql`m.status = 1`,
      sql`(s.id IS NULL OR s.status = 1)`,
      keyword ? sql`(m.name ILIKE ${containsPattern(keyword)} OR m.description ILIKE ${containsPattern(keyword)})` : null,
      body.modelTypeId !== undefined ? sql`m.model_type_id = ${body.modelTypeId}` : null,
      body.modelSceneId !== undefined ? sql`m.model_scene_id = ${body.modelSceneId}` : null,
    ].filter((part) => part !== null);
    const order = body.sort === 'new' ? sql`published DESC, id DESC` : sql`total_downloads DESC, published DESC, id DESC`;
    const { rows } = await sql<MallRow>`
      WITH offered AS (
        SELECT m.*, t.type_name, t.type_code, s.scene_name, s.cover_url,
               COALESCE(m.published_at, m.created_at) AS published,
               row_number() OVER (PARTITION BY m.name ORDER BY COALESCE(m.published_at, m.created_at) DESC, m.id DESC) AS rnk,
               sum(m.downloads) OVER (PARTITION BY m.name) AS total_downloads
        FROM models m
        JOIN model_types t ON t.id = m.model_type_id
        LEFT JOIN model_scenes s ON s.id = m.model_scene_id
        WHERE ${sql.join(filters, sql` AND `)}
      )
      SELECT *, count(*) OVER () AS total FROM offered WHERE rnk = 1
      ORDER BY ${order}
      LIMIT ${page.pageSize} OFFSET ${page.offset}`.execute(db);
    const names = rows.map((r) => r.name);
    const versions = names.length
      ? await db
          .selectFrom('models as m')
          .leftJoin('modelScenes as s', 's.id', 'm.modelSceneId')
          .select(['m.id', 'm.name', 'm.version', 'm.size', 'm.downloads', 'm.publishedAt', 'm.createdAt'])
          .where('m.name', 'in', names)
          .where('m.status', '=', 1)
          .where((eb) => eb.or([eb('s.id', 'is', null), eb('s.status', '=', 1)]))
          .orderBy(sql`COALESCE(m.published_at, m.created_at)`, 'desc')
          .orderBy('m.id', 'desc')
          .execute()
      : [];
    const samples = rows.length
      ? await db.selectFrom('modelSamples').select(['modelId', 'imagePath']).where('modelId', 'in', rows.map((r) => r.id)).orderBy('sort').execute()
      : [];
    const list = rows.map(
      (r): Schema<'CatalogueMallAlgorithm'> => ({
        id: r.id,
        name: r.name,
        version: r.version,
        description: r.description,
        source: r.setupEventId !== null || r.typeCode === 'orchestration' ? 'orchestration' : 'upload',
        modelTypeId: r.modelTypeId,
        modelTypeName: r.typeName,
        modelSceneId: r.modelSceneId,
        modelSceneName: r.sceneName,
        coverUrl: r.coverUrl,
        size: Number(r.size),
        downloads: Number(r.totalDownloads),
        eventIds: r.eventIds,
        publishTime: formatTime(r.publishedAt ?? r.createdAt) as string,
        versions: versions
          .filter((v) => v.name === r.name)
          .map((v) => ({ id: v.id, version: v.version, size: Number(v.size), downloads: v.downloads, publishTime: formatTime(v.publishedAt ?? v.createdAt) as string })),
        sampleImages: [...samples.filter((s) => s.modelId === r.id).map((s) => `/files/${s.imagePath}`), ...(r.coverUrl ? [r.coverUrl] : [])],
      }),
    );
    return pageResult(list, rows[0]?.total ?? 0, page);
  },
};
