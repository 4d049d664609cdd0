// Messages of the roles area.
import type { Catalogue } from '../../http/catalogueTypes.ts';

export const roleMessages = {
  'roles.unknownModules': { zh: '参数 moduleIds 含有不存在的菜单 id：{ids}', en: 'moduleIds names modules that do not exist: {ids}' },
} satisfies Catalogue;
