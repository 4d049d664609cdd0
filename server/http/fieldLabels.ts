// The names of request fields in the user's language, for the messages that refuse a value ("端口（port）不能大于
// 65535"). The words are the console's own labels (src/i18n/*/devices.json, system.json …); the field's key follows
// in brackets, for whoever calls the API without the console. A field without a label here keeps its key alone.
import type { Lang } from './messages.ts';

const labels: Record<string, { zh: string; en: string }> = {
  name: { zh: '名称', en: 'Name' },
  kind: { zh: '类型', en: 'Kind' },
  serialnumber: { zh: '设备编号', en: 'Serial number' },
  serialNumber: { zh: '序列号', en: 'Serial number' },
  ip: { zh: 'IP 地址', en: 'IP address' },
  port: { zh: '端口', en: 'Port' },
  rtspUrl: { zh: '视频流地址', en: 'Stream address' },
  username: { zh: '用户名', en: 'User name' },
  password: { zh: '密码', en: 'Password' },
  brand: { zh: '品牌', en: 'Brand' },
  model: { zh: '型号', en: 'Model' },
  sceneId: { zh: '场景', en: 'Scene' },
  boxId: { zh: '边缘盒子', en: 'Edge box' },
  fps: { zh: '分析帧率', en: 'Analysed frames per second' },
  streamTransport: { zh: '取流方式', en: 'Stream transport' },
  recording: { zh: '录像', en: 'Recording' },
  continuous: { zh: '连续录像', en: 'Continuous recording' },
  segmentSeconds: { zh: '录像分段时长（秒）', en: 'Segment length (s)' },
  preSeconds: { zh: '告警前录像（秒）', en: 'Seconds before an alarm' },
  postSeconds: { zh: '告警后录像（秒）', en: 'Seconds after an alarm' },
  minObjectHeight: { zh: '最小目标高度（占画面高度 %）', en: 'Smallest object (% of the picture height)' },
  maxObjectHeight: { zh: '最大目标高度（占画面高度 %）', en: 'Largest object (% of the picture height)' },
  recheckAlgorithmId: { zh: '二次识别算法', en: 'Second identification algorithm' },
  longitude: { zh: '经度', en: 'Longitude' },
  latitude: { zh: '纬度', en: 'Latitude' },
  address: { zh: '地址', en: 'Address' },
  remark: { zh: '备注', en: 'Remark' },
  code: { zh: '编码', en: 'Code' },
  platformHost: { zh: '平台地址', en: 'Platform host' },
  platformPort: { zh: '平台端口', en: 'Platform port' },
  heartbeatSeconds: { zh: '心跳间隔（秒）', en: 'Heartbeat interval (s)' },
  timeSyncServer: { zh: '校时服务器', en: 'Time server' },
  sceneName: { zh: '场景名称', en: 'Scene name' },
  startTime: { zh: '开始时间', en: 'Start time' },
  endTime: { zh: '结束时间', en: 'End time' },
  keyword: { zh: '关键字', en: 'Keyword' },
  pageNo: { zh: '页码', en: 'Page' },
  pageSize: { zh: '每页条数', en: 'Rows per page' },
};

/** The label of the field a dotted path ends with (`outputs[1].ip` → IP address), or null. */
export function fieldLabel(path: string, lang: Lang): string | null {
  const last = path
    .replace(/\[\d+\]/g, '')
    .split('.')
    .filter(Boolean)
    .at(-1);
  return last && Object.hasOwn(labels, last) ? labels[last][lang] : null;
}
