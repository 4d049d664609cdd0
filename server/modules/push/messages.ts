// Messages of the push area (third-party endpoints).
import type { Catalogue } from '../../http/catalogueTypes.ts';

export const pushMessages = {
  'push.entity.industry': { zh: '推送端点', en: 'push endpoint' },
  'push.field.industryName': { zh: '行业名称', en: 'Industry name' },
  'push.badUrl': { zh: 'pushUrl 必须是 http:// 或 https:// 地址', en: 'pushUrl must be an http:// or https:// address' },
  'push.needsSecret': {
    zh: 'http 端点必须设置 authToken（用于 HMAC-SHA256 签名的共享密钥）',
    en: 'An http endpoint needs authToken (the shared secret its pushes are signed with, HMAC-SHA256)',
  },
  'push.newSecretForUrl': {
    zh: '修改推送地址时必须同时设置新的 authToken（旧密钥签名的推送不能发给新的接收方）',
    en: 'A new pushUrl needs a new authToken too (pushes signed with the old secret must not go to another receiver)',
  },
  'push.maskedCredentials': {
    zh: 'pushUrl 中的账号密码是隐藏形式（***:***），但该端点没有已保存的账号密码，请填写真实的账号和密码',
    en: 'pushUrl holds masked credentials (***:***) but none are stored for this endpoint; type the real user and password',
  },
  'push.changedMeanwhile': {
    zh: '该推送端点刚被修改，请刷新后重试',
    en: 'The endpoint was changed meanwhile; reload it and try again',
  },
  'push.protocolUnsupported': {
    zh: '本服务器不能向 {protocol} 推送（只支持 http），请改用 http 端点',
    en: 'This server cannot push to {protocol} (only http is supported); use an http endpoint',
  },
} satisfies Catalogue;
