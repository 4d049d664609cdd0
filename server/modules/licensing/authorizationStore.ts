// Authorization applications as stored and as answered: status 4 (expired) is read from validTo, and each
// arrangement's state from the heartbeat command that carries it (delivered = done; not taken within
// ARRANGE_TIMEOUT_MINUTES = failed, with the reason).
import { sql } from 'kysely';
import { formatTime } from '../../http/format.ts';
import { type Lang, translate } from '../../http/messages.ts';
import type { Db } from '../catalogue/records.ts';
import type { Schema } from '../shared/contractTypes.ts';

export const ARRANGE_TIMEOUT_MINUTES = 5;

/** Stored status with expiry read from validTo (granted or arranged past its end reads 4). */
export const shownStatus = sql<number>`CASE WHEN a.status IN (1, 2) AND a.valid_to IS NOT NULL AND a.valid_to <= now() THEN 4 ELSE a.status END`;

export async function arrangementsOf(db: Db, ids: number[], lang: Lang): Promise<Map<number, Schema<'CatalogueAuthArrangement'>[]>> {
  const out = new Map<number, Schema<'CatalogueAuthArrangement'>[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('authorizationArrangements as r')
    .innerJoin('edgeBoxes as b', 'b.id', 'r.boxId')
    .leftJoin('edgeBoxCommands as c', 'c.id', 'r.commandId')
    .select(['r.authorizationId', 'r.boxId', 'b.name as boxName', 'r.quantity', 'c.deliveredAt', 'r.createdAt'])
    .where('r.authorizationId', 'in', ids)
    .orderBy('r.authorizationId')
    .orderBy('r.boxId')
    .execute();
  const now = Date.now();
  for (const r of rows) {
    const stuck = !r.deliveredAt && now - r.createdAt.getTime() > ARRANGE_TIMEOUT_MINUTES * 60_000;
    const state: 1 | 2 | 3 = r.deliveredAt ? 2 : stuck ? 3 : 1;
    const list = out.get(r.authorizationId) ?? [];
    list.push({
      boxId: r.boxId,
      boxName: r.boxName,
      quantity: r.quantity,
      state,
      message: state === 3 ? translate(lang, 'licensing.arrangeStuck', { box: r.boxName, minutes: ARRANGE_TIMEOUT_MINUTES }) : '',
    });
    out.set(r.authorizationId, list);
  }
  return out;
}

export interface AuthorizationRow {
  id: number;
  applyNo: string;
  eventIds: number[];
  quantity: number;
  grantedQuantity: number | null;
  status: number;
  companyName: string;
  contactName: string;
  phone: string;
  remark: string;
  grantRemark: string;
  validTo: Date | null;
  userName: string;
  createdAt: Date;
  grantedAt: Date | null;
  updatedAt: Date;
}

export function selectAuthorizations(db: Db) {
  return db
    .selectFrom('authorizations as a')
    .select(['a.id', 'a.applyNo', 'a.eventIds', 'a.quantity', 'a.grantedQuantity', 'a.companyName', 'a.contactName', 'a.phone', 'a.remark', 'a.grantRemark'])
    .select(['a.validTo', 'a.userName', 'a.createdAt', 'a.grantedAt', 'a.updatedAt'])
    .select(shownStatus.as('status'));
}

export function toAuthorization(
  r: AuthorizationRow,
  names: Map<number, string>,
  arrangements: Schema<'CatalogueAuthArrangement'>[],
): Schema<'CatalogueAuthorization'> {
  return {
    id: r.id,
    applyNo: r.applyNo,
    eventIds: r.eventIds,
    eventNames: r.eventIds.filter((id) => names.has(id)).map((id) => names.get(id) as string),
    quantity: r.quantity,
    grantedQuantity: r.grantedQuantity,
    status: Number(r.status) as 0 | 1 | 2 | 3 | 4,
    companyName: r.companyName,
    contactName: r.contactName,
    phone: r.phone,
    remark: r.remark,
    grantRemark: r.grantRemark,
    validTo: formatTime(r.validTo),
    userName: r.userName,
    createTime: formatTime(r.createdAt) as string,
    grantTime: formatTime(r.grantedAt),
    arrangements,
  };
}

/** AUTH + yyyymmdd + the id, six digits: unique because the id is. */
export function applyNumber(id: number, at: Date): string {
  const day = formatTime(at)?.slice(0, 10).replaceAll('-', '') ?? '';
  return `AUTH${day}${String(id).padStart(6, '0')}`;
}
