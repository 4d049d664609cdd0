// Messages of the outbound allow-list (outbound.ts). `{field}` is the request field a 400 names, or
// `outbound.delivery` when a delivery log says why a call was not made; `{addressClass}` is one of the class keys
// (in English with its article: "an unspecified address").
import type { Catalogue } from './catalogueTypes.ts';

export const outboundMessages = {
  'outbound.delivery': { zh: '被出站白名单拒绝', en: 'refused by the outbound allow-list' },
  'outbound.badUrl': { zh: '{field}：不是有效的地址', en: '{field}: not a valid address' },
  'outbound.scheme': {
    zh: '{field}：不允许 {scheme} 协议（此处允许：{allowed}）',
    en: '{field}: the {scheme} scheme is not allowed here (allowed: {allowed})',
  },
  'outbound.address': {
    zh: '{field}：{host} 是{addressClass}（{address}），服务器不访问此类地址；管理员可在“出站调用允许的主机”中放行该主机',
    en: '{field}: {host} is {addressClass} ({address}), which the server does not call; an administrator can allow the host in "Allowed hosts of outbound calls"',
  },
  'outbound.unresolvable': { zh: '{field}：主机名 {host} 无法解析', en: '{field}: the host name {host} does not resolve' },
  'outbound.fileOutsideRoot': {
    zh: '{field}：file 地址必须位于媒体目录 {root} 之下',
    en: '{field}: a file address must lie under the media folder {root}',
  },
  'outbound.fileNotNormalised': {
    zh: '{field}：另一台机器上的盒子的 file 地址必须是规范的绝对路径（不含“.”“..”、空段、反斜杠、查询或片段），例如 file:///srv/cameras/gate.mp4',
    en: '{field}: a file address for a box on another machine must be an absolute, normalised path (no ".", "..", empty segment, backslash, query or fragment), such as file:///srv/cameras/gate.mp4',
  },
  'outbound.noMediaRoot': { zh: '{field}：此处不接受 file 地址', en: '{field}: file addresses are not accepted here' },
  'outbound.class.loopback': { zh: '本机回环地址', en: 'a loopback address' },
  'outbound.class.private': { zh: '内网地址', en: 'a private address' },
  'outbound.class.linkLocal': { zh: '链路本地地址（含云主机元数据地址）', en: 'a link-local address (the cloud metadata address is one)' },
  'outbound.class.uniqueLocal': { zh: 'IPv6 唯一本地地址', en: 'a unique local IPv6 address' },
  'outbound.class.sharedAddress': { zh: '运营商共享地址（CGNAT）', en: 'a shared (CGNAT) address' },
  'outbound.class.unspecified': { zh: '未指定地址', en: 'an unspecified address' },
  'outbound.class.multicast': { zh: '组播地址', en: 'a multicast address' },
  'outbound.class.broadcast': { zh: '广播地址', en: 'a broadcast address' },
  'outbound.class.reserved': { zh: '保留地址', en: 'a reserved address' },
  'outbound.class.public': { zh: '公网地址', en: 'a public address' },
  'outbound.badAllowedHost': {
    zh: '允许的主机第 {index} 项“{entry}”不是主机名、IP 地址或网段（如 10.0.0.0/8）',
    en: 'Allowed host {index} "{entry}" is not a host name, an IP address or a range (such as 10.0.0.0/8)',
  },
} satisfies Catalogue;
