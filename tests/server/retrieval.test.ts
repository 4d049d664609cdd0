// Target retrieval: the objects detected in alarms, by §3 attributes (newest first, paged) and by images (ranked by
// object-crop similarity, the alarm whose object is the query first; a repeat search embeds nothing new); the
// §5 bound of 3 images, undecodable images, the time window and the permission.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../../server/http/format.ts';
import { closeDetector } from '../../server/ml/detector.ts';
import { closeFeatures } from '../../server/ml/features.ts';
import { drawSnapshot } from '../../server/simulator/snapshot.ts';
import { alarmFields, type DemoBox, demoBoxes, ingestOk } from './support/alarms.ts';
import { call, login, OPERATOR } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
let box: DemoBox;
/** Posted alarms, oldest first: objType 2 (motor vehicle) with a body colour, one person. */
const posted: { id: number; colour: number | null; variant: number }[] = [];
const snapshots = [1, 2, 3, 4].map((variant) => drawSnapshot(16, variant));

const window = () => ({
  startTime: formatTime(new Date(Date.now() - 3600_000)) as string,
  endTime: formatTime(new Date(Date.now() + 5_000)) as string,
});
const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

async function search(body: Record<string, unknown>, who = token) {
  return call(server.app, 'POST', '/targetRetrieval/list', { token: who, body: { objType: 2, ...window(), ...body } });
}

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
  box = demoBoxes(server.config.dataDir)[0];
  const specs = [
    { objType: 2, colour: 4, variant: 0 },
    { objType: 2, colour: 5, variant: 1 },
    { objType: 2, colour: 4, variant: 2 },
    { objType: 1, colour: null, variant: 3 },
  ];
  for (const s of specs) {
    const shot = snapshots[s.variant];
    const attributes = s.objType === 2 ? { objType: 2, vehicleColor: s.colour, plateNo: `粤B0000${s.variant}` } : { objType: 1, genderCode: 1 };
    const fields = alarmFields(box, { box: JSON.stringify(shot.box), attributes: JSON.stringify(attributes) });
    const { id } = await ingestOk(server.app, box, { fields, snapshot: { bytes: shot.png } });
    posted.push({ id, colour: s.colour, variant: s.variant });
  }
}, 180_000);
afterAll(async () => {
  await closeFeatures();
  await closeDetector();
  await server?.close();
});

describe('target retrieval by attributes', () => {
  it('finds the alarms of the object type, newest first, filtered by attribute codes and plate', async () => {
    const all = await search({});
    expect(all.json.code).toBe(0);
    const vehicles = posted.filter((p) => p.colour !== null);
    expect(all.json.data.list.map((h: { id: number }) => h.id)).toEqual(vehicles.map((p) => p.id).reverse());
    expect(all.json.data.total).toBe(3);
    const hit = all.json.data.list[0];
    expect(hit).toMatchObject({ objType: 2, similarity: null, match: null, imageUrl: `/warn/event/image/${hit.id}`, attributes: { vehicleColor: 4 } });
    expect(hit.box).toHaveLength(4);

    const red = await search({ attributes: { vehicleColor: 4 } });
    expect(red.json.data.list.map((h: { id: number }) => h.id)).toEqual([posted[2].id, posted[0].id]);
    const plate = await search({ plateNo: 'B00001' });
    expect(plate.json.data.list.map((h: { id: number }) => h.id)).toEqual([posted[1].id]);
    // Unknown (-1) matches objects the engine reported nothing for: none of these lacks a colour.
    expect((await search({ attributes: { vehicleColor: -1 } })).json.data.total).toBe(0);
    expect((await search({ attributes: { angle: -1 } })).json.data.total).toBe(3);
    const people = await search({ objType: 1, attributes: { genderCode: 1 } });
    expect(people.json.data.list.map((h: { id: number }) => h.id)).toEqual([posted[3].id]);
    const paged = await search({ pageNo: 2, pageSize: 2 });
    expect(paged.json.data).toMatchObject({ total: 3, pageNo: 2, pageSize: 2 });
    expect(paged.json.data.list.map((h: { id: number }) => h.id)).toEqual([posted[0].id]);
  });

  it('refuses a key of another object type, several values for a single-value key, and a bad window', async () => {
    const other = await search({ attributes: { genderCode: 1 } }, token);
    expect(other.json.code).toBe(400);
    expect(other.json.msg).toContain('attributes.genderCode');
    expect((await search({ attributes: { vehicleColor: [4, 5] } })).json.code).toBe(400);
    const inverted = await search({ startTime: formatTime(new Date()), endTime: formatTime(new Date(Date.now() - 3600_000)) });
    expect(inverted.json.code).toBe(400);
    const long = await search({ startTime: formatTime(new Date(Date.now() - 16 * 86400_000)) });
    expect(long.json.code).toBe(400);
  });
});

describe('target retrieval by images', () => {
  /** The object of an alarm as a picture: the crop of its box from its snapshot. */
  const objectOf = async (variant: number) => {
    const shot = snapshots[variant];
    return sharp(shot.png).extract({ left: shot.box.x, top: shot.box.y, width: shot.box.w, height: shot.box.h }).png().toBuffer();
  };

  it('ranks the alarm whose object is the query first, names the matched object, and a repeat search embeds nothing new', async () => {
    const target = posted[1];
    const first = await search({ images: [dataUrl(await objectOf(target.variant))], similarity: 0 });
    expect(first.json.code).toBe(0);
    const list = first.json.data.list as { id: number; similarity: number; match: { own: boolean; box: number[]; queryImage: number } }[];
    expect(list[0].id).toBe(target.id);
    expect(list[0].similarity).toBeGreaterThan(0.9999);
    expect(list[0].match).toMatchObject({ own: true, queryImage: 0 });
    const shot = snapshots[target.variant];
    expect(list[0].match.box).toEqual([shot.box.x, shot.box.y, shot.box.x + shot.box.w, shot.box.y + shot.box.h]);
    expect(list.map((h) => h.similarity)).toEqual([...list.map((h) => h.similarity)].sort((a, b) => b - a));
    expect(list).toHaveLength(3);
    // The search indexed the three vehicles itself (no index loop in this server): nothing is left to index.
    expect(first.json.data.imageSearch).toMatchObject({ candidates: 3, compared: 3, indexing: 0 });

    const countCrops = async () => Number((await server.database.db.selectFrom('retrievalCrops').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await countCrops();
    const again = await search({ images: [dataUrl(await objectOf(target.variant))], similarity: 0 });
    expect(again.json.data.list).toEqual(list);
    expect(again.json.data.imageSearch.embedded).toBe(0);
    expect(await countCrops()).toBe(before);

    // An exact copy of an object reaches 1; a second query image adds its own best match.
    const strict = await search({ images: [dataUrl(await objectOf(target.variant))], similarity: 0.99999 });
    expect(strict.json.data.list.map((h: { id: number }) => h.id)).toEqual([target.id]);
    const two = await search({ images: [dataUrl(await objectOf(target.variant)), dataUrl(await objectOf(posted[2].variant))], similarity: 0.99999 });
    const found = two.json.data.list as { id: number; match: { queryImage: number } }[];
    expect(found.map((h) => h.id).sort()).toEqual([target.id, posted[2].id].sort());
    expect(found.find((h) => h.id === posted[2].id)?.match.queryImage).toBe(1);
  }, 180_000);

  it('refuses a fourth image (400), an undecodable image (415) and a web address (400)', async () => {
    const png = dataUrl(snapshots[0].png);
    const four = await search({ images: [png, png, png, png] });
    expect(four.json.code).toBe(400);
    expect(four.json.msg).toContain('images');
    const garbage = await search({ images: [`data:image/png;base64,${Buffer.from('this is not an image at all').toString('base64')}`] });
    expect(garbage.json.code).toBe(415);
    expect(garbage.json.msg).toContain('images[0]');
    const web = await search({ images: ['https://example.com/a.png'] });
    expect(web.json.code).toBe(400);
  });
});

describe('target retrieval permission', () => {
  it('answers 403 to the operator, whose role does not hold targetRetrieval', async () => {
    const operator = await login(server.app, OPERATOR);
    const res = await search({}, operator);
    expect(res.json.code).toBe(403);
  });
});
