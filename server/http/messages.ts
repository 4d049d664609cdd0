// The server's user-facing messages in both languages. A message is chosen by the request's Accept-Language.
import { mediaMessages } from '../media/messages.ts';
import { algorithmMessages } from '../modules/algorithms/messages.ts';
import { alarmMessages } from '../modules/alarms/messages.ts';
import { cameraMessages } from '../modules/cameras/messages.ts';
import { catalogueMessages } from '../modules/catalogue/messages.ts';
import { configMessages } from '../modules/config/messages.ts';
import { deviceMessages } from '../modules/devices/messages.ts';
import { edgeBoxMessages } from '../modules/edgeBox/messages.ts';
import { licensingMessages } from '../modules/licensing/messages.ts';
import { logMessages } from '../modules/logs/messages.ts';
import { menuMessages } from '../modules/menus/messages.ts';
import { planMessages } from '../modules/plans/messages.ts';
import { pushMessages } from '../modules/push/messages.ts';
import { retrievalMessages } from '../modules/retrieval/messages.ts';
import { roleMessages } from '../modules/roles/messages.ts';
import { statsMessages } from '../modules/stats/messages.ts';
import { taskMessages } from '../modules/tasks/messages.ts';
import { trainingMessages } from '../modules/training/messages.ts';
import { userMessages } from '../modules/users/messages.ts';
import { videoMessages } from '../modules/video/messages.ts';
import { outboundMessages } from './outboundMessages.ts';

import type { Catalogue, Lang } from './catalogueTypes.ts';

export type { Catalogue, Lang };

/** Core messages; each area adds its own catalogue (server/modules/<area>/messages.ts) below. */
const coreMessages = {
  ok: { zh: '操作成功', en: 'success' },
  'auth.required': { zh: '未登录或登录已过期，请重新登录', en: 'You are not signed in or your session has expired; please sign in again' },
  'auth.badCredentials': { zh: '用户名或密码错误', en: 'Wrong username or password' },
  'auth.locked': { zh: '登录失败次数过多，账号已锁定至 {until}', en: 'Too many failed sign-ins: the account is locked until {until}' },
  'auth.rateLimited': {
    zh: '登录尝试过于频繁，请 {seconds} 秒后再试',
    en: 'Too many sign-in attempts; try again in {seconds} seconds',
  },
  'auth.disabled': { zh: '账号已停用，请联系管理员', en: 'This account is disabled; contact an administrator' },
  'auth.badThirdCode': { zh: '第三方登录链接无效、已使用或已过期，请重新获取', en: 'This sign-in link is invalid, already used or expired; ask for a new one' },
  'auth.oldPasswordWrong': { zh: '原密码错误', en: 'The current password is wrong' },
  'auth.forbidden': { zh: '没有权限执行此操作（需要模块 {module}）', en: 'You do not have permission for this operation (module {module} required)' },
  'auth.boxCredentials': { zh: '边缘盒子认证失败', en: 'Edge box authentication failed' },
  'password.mismatch': { zh: '两次输入的密码不一致', en: 'The two passwords do not match' },
  'notImplemented': { zh: '该功能尚未实现：{operation}（{area}）', en: 'Not implemented yet: {operation} ({area})' },
  'notFound.route': { zh: '接口不存在：{method} {path}', en: 'No such operation: {method} {path}' },
  'notFound.record': { zh: '{entity}不存在（id {id}）', en: '{entity} not found (id {id})' },
  'badJson': { zh: '请求体不是有效的 JSON', en: 'The request body is not valid JSON' },
  'badContentType': { zh: '不支持的请求内容类型：{type}', en: 'Unsupported request content type: {type}' },
  'input.tooDeep': {
    zh: '请求体嵌套过深（最多 {max} 层）',
    en: 'The request body is nested too deeply (at most {max} levels)',
  },
  'input.badText': {
    zh: '参数 {field} 含有不允许的字符（NUL 或不成对的 UTF-16 代理项）',
    en: '{field} contains a character that is not allowed (NUL or an unpaired UTF-16 surrogate)',
  },
  'badUrl': { zh: '请求地址无法解码（百分号编码无效）：{path}', en: 'The request address cannot be decoded (invalid percent-encoding): {path}' },
  'upload.malformed': {
    zh: '上传内容不是有效的 multipart/form-data（缺少 boundary 或内容被截断）',
    en: 'The upload is not valid multipart/form-data (no boundary, or the body is cut short)',
  },
  'tooLarge': { zh: '请求体过大', en: 'The request body is too large' },
  'internal': { zh: '服务器内部错误，请稍后重试', en: 'Internal server error; please try again later' },
  'rateLimited': { zh: '请求过于频繁，请稍后再试', en: 'Too many requests; please try again later' },
  'conflict.duplicate': { zh: '{field}“{value}”已存在', en: '{field} "{value}" already exists' },
  'conflict.hasChildren': { zh: '{entity}下还有子项，不能删除', en: 'This {entity} still has children and cannot be deleted' },
  'conflict.inUse': { zh: '{entity}仍被 {count} 个用户使用，不能删除', en: 'This {entity} is still in use (users: {count}) and cannot be deleted' },
  'conflict.selfDelete': { zh: '不能删除当前登录的账号', en: 'You cannot delete the account you are signed in with' },
  'conflict.cycle': { zh: '不能把部门移动到它自己或它的下级部门之下', en: 'A department cannot be moved under itself or one of its descendants' },
  'config.badValue': { zh: '配置项 {key} 的值无效：{rule}', en: 'Invalid value for {key}: {rule}' },
  'upload.tooLarge': { zh: '文件过大，最大 {max}', en: 'The file is too large (at most {max})' },
  'upload.badType': { zh: '不支持的文件类型，仅支持 {types}', en: 'Unsupported file type; allowed: {types}' },
  'upload.missing': { zh: '缺少上传文件 {field}', en: 'The upload field {field} is missing' },
  'upload.badFileName': {
    zh: '上传文件 {field} 的文件名含有不允许的字符（控制字符、NUL 或不成对的 UTF-16 代理项）',
    en: 'The file name of {field} contains a character that is not allowed (a control character, NUL or an unpaired UTF-16 surrogate)',
  },
  'upload.fileNameTooLong': { zh: '上传文件 {field} 的文件名过长，最多 {max} 个字符', en: 'The file name of {field} is too long (at most {max} characters)' },
  'upload.aborted': { zh: '客户端在上传处理完成前断开了连接，上传未保存', en: 'The client closed the connection before the upload was processed; nothing was stored' },
  'entity.user': { zh: '用户', en: 'user' },
  'entity.role': { zh: '角色', en: 'role' },
  'entity.dept': { zh: '部门', en: 'department' },
  'entity.module': { zh: '菜单', en: 'menu module' },
  'field.username': { zh: '用户名', en: 'Username' },
  'field.roleName': { zh: '角色名称', en: 'Role name' },
  'field.deptName': { zh: '部门名称', en: 'Department name' },
  'field.moduleNumber': { zh: '模块编号', en: 'Module number' },
} satisfies Catalogue;

export const messages = {
  ...coreMessages,
  ...mediaMessages,
  ...outboundMessages,
  ...menuMessages,
  ...userMessages,
  ...roleMessages,
  ...configMessages,
  ...logMessages,
  ...licensingMessages,
  ...pushMessages,
  ...alarmMessages,
  ...statsMessages,
  ...videoMessages,
  ...deviceMessages,
  ...cameraMessages,
  ...edgeBoxMessages,
  ...taskMessages,
  ...planMessages,
  ...algorithmMessages,
  ...catalogueMessages,
  ...trainingMessages,
  ...retrievalMessages,
};

export type MessageKey = keyof typeof messages;

export function pickLang(acceptLanguage: string | undefined): Lang {
  return acceptLanguage && /^\s*en\b/i.test(acceptLanguage) ? 'en' : 'zh';
}

/**
 * The message in the language, its {placeholders} filled. `{count|camera|cameras}` is a counted word: the first
 * form when the parameter is 1, the second otherwise (English writes "1 camera", "3 cameras", never "camera(s)").
 */
export function translate(lang: Lang, key: MessageKey, params: Record<string, unknown> = {}): string {
  const template = messages[key][lang];
  return template.replace(/\{(\w+)(?:\|([^|{}]*)\|([^|{}]*))?\}/g, (_, name: string, one?: string, other?: string) => {
    const value = params[name];
    if (one !== undefined) return Number(value) === 1 ? one : (other ?? one);
    if (typeof value === 'string' && value in messages) return messages[value as MessageKey][lang];
    return value === undefined ? `{${name}}` : String(value);
  });
}
