// Messages of the push area (third-party endpoints).
import type { Catalogue } from '../../http/messages.ts';

export const pushMessages = {
  'push.entity.industry': { zh: '推送端点', en: 'push endpoint' },
  'push.field.industryName': { zh: '行业名称', en: 'Industry name' },
  'push.badUrl': { zh: 'pushUrl 必须是 http:// 或 https:// 地址', en: 'pushUrl must be an http:// or https:// address' },
  'push.needsSecret': {
    zh: 'http 端点必须设置 authToken（用于 HMAC-SHA256 签名的共享密钥）',
    en: 'An http endpoint needs authToken (the shared secret its pushes are signed with, HMAC-SHA256)',
  },
  'push.protocolUnsupported': {
    zh: '本服务器不能向 {protocol} 推送（只支持 http），请改用 http 端点',
    en: 'This server cannot push to {protocol} (only http is supported); use an http endpoint',
  },
} satisfies Catalogue;
