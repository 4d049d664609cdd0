// Seeds a demo site on first start: departments, the menu of §2, roles, the demo accounts, configuration, licence.
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../auth/passwords.ts';
import { edgeMediaDir, type ServerConfig } from '../../config.ts';
import type { Database } from '../types.ts';
import { defaultSystemConfig, demoSiteConfig } from './defaults.ts';
import { seedCatalogue } from './catalogueSeed.ts';
import { seedDemoEdgeBox } from './demoEdgeBox.ts';
import { seedDemoSite } from './demoSite.ts';
import { seedOrchestration } from './orchestrationSeed.ts';
import { menuTree, operatorModules, type SeedModule } from './menuTree.ts';

export async function seedIfEmpty(db: Kysely<Database>, config: ServerConfig): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  await db.transaction().execute(async (trx) => {
    const deptIds = await seedDepts(trx);
    const moduleIds = await seedModules(trx, menuTree, 0);
    const managerId = await insertRole(trx, 'manager', '管理员：全部模块');
    const operatorId = await insertRole(trx, 'operator', '操作员：告警处理与统计');
    await grant(trx, managerId, [...moduleIds.values()]);
    await grant(trx, operatorId, expand(operatorModules).map((n) => moduleIds.get(n)!));
    await trx
      .insertInto('users')
      .values([
        {
          username: 'admin',
          realName: '系统管理员',
          passwordHash: await hashPassword(config.adminPassword),
          deptId: deptIds.get('总部')!,
          roleId: managerId,
          phone: '0755-88886666',
          email: 'admin@argus.local',
          remark: 'Demo administrator',
        },
        {
          username: 'operator',
          realName: '值班员',
          passwordHash: await hashPassword(config.operatorPassword),
          deptId: deptIds.get('运维一组')!,
          roleId: operatorId,
          phone: '0755-88887777',
          remark: 'Demo operator',
        },
      ])
      .execute();
    const now = new Date();
    await trx
      .insertInto('systemConfig')
      .values(Object.entries({ ...defaultSystemConfig, ...demoSiteConfig }).map(([key, value]) => ({ key, value, updatedAt: now })))
      .execute();
    await trx
      .insertInto('licence')
      .values({
        company: 'Argus 演示站点',
        machineCode: createHash('sha256').update(hostname()).digest('hex').slice(0, 16).toUpperCase(),
        expireAt: new Date(Date.now() + 365 * 86400_000),
        maxCameras: 64,
        modules: 'alarms,devices,tasks,algorithms,training,stats,system',
      })
      .execute();
    await seedDemoSite(trx, config.dataDir);
    await seedDemoEdgeBox(trx, config.dataDir, edgeMediaDir(config));
    await seedOrchestration(trx);
    await seedCatalogue(trx, config.dataDir);
  });
  return true;
}

async function seedDepts(trx: Kysely<Database>): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const tree: [string, string | null, string | null][] = [
    ['总部', null, '张伟'],
    ['运维中心', '总部', '李娜'],
    ['运维一组', '运维中心', null],
    ['运维二组', '运维中心', null],
    ['技术部', '总部', '王强'],
    ['华南分公司', '总部', '陈静'],
    ['深圳站点', '华南分公司', null],
  ];
  for (const [index, [name, parent, leader]] of tree.entries()) {
    const row = await trx
      .insertInto('depts')
      .values({ deptName: name, parentId: parent ? ids.get(parent)! : 0, sort: index, leader })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(name, row.id);
  }
  return ids;
}

async function seedModules(trx: Kysely<Database>, modules: SeedModule[], parentId: number, ids = new Map<string, number>()) {
  for (const [index, m] of modules.entries()) {
    const row = await trx
      .insertInto('modules')
      .values({
        parentId,
        moduleName: m.zh,
        moduleNameEn: m.en,
        moduleIcon: m.icon ?? null,
        moduleNumber: m.number,
        moduleDescription: m.description ?? null,
        moduleType: m.type ?? 'menu',
        sort: (index + 1) * 10,
        visible: m.visible ?? true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(m.number, row.id);
    if (m.children) await seedModules(trx, m.children, row.id, ids);
  }
  return ids;
}

/** A group number stands for itself and all its menus; buttons are given only by their own number. */
function expand(numbers: string[]): string[] {
  const out: string[] = [];
  const walk = (list: SeedModule[], take: boolean) => {
    for (const m of list) {
      const hit = numbers.includes(m.number) || (take && m.type !== 'button');
      if (hit) out.push(m.number);
      if (m.children) walk(m.children, hit);
    }
  };
  walk(menuTree, false);
  return out;
}

async function insertRole(trx: Kysely<Database>, roleName: string, remark: string): Promise<number> {
  const row = await trx.insertInto('roles').values({ roleName, remark }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

async function grant(trx: Kysely<Database>, roleId: number, moduleIds: number[]) {
  if (moduleIds.length === 0) return;
  await trx.insertInto('roleModules').values(moduleIds.map((moduleId) => ({ roleId, moduleId }))).execute();
}
