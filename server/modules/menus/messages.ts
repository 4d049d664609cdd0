// Messages of the menus area (module tree rules).
import type { Catalogue } from '../../http/catalogueTypes.ts';

export const menuMessages = {
  'menus.cycle': {
    zh: '不能把菜单移动到它自己或它的下级菜单之下',
    en: 'A module cannot be moved under itself or one of its descendants',
  },
  'menus.buttonParent': { zh: '按钮不能有下级菜单，请选择菜单作为上级', en: 'A button cannot have children; choose a menu as the parent' },
  'menus.unknownRoles': {
    zh: '参数 grantRoleIds 中的角色不存在：{ids}',
    en: 'grantRoleIds names roles that do not exist: {ids}',
  },
  'menus.buttonWithChildren': {
    zh: '该菜单还有下级，不能改为按钮',
    en: 'This module still has children and cannot become a button',
  },
} satisfies Catalogue;
