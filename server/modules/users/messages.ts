// Messages of the users area.
import type { Catalogue } from '../../http/catalogueTypes.ts';

export const userMessages = {
  'users.passwordMismatch': { zh: '参数 confirmPassword 与 password 不一致', en: 'confirmPassword does not match password' },
  'users.selfDisable': { zh: '不能停用当前登录的账号', en: 'You cannot disable the account you are signed in with' },
} satisfies Catalogue;
