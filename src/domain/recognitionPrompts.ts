// Recognition prompts (identifyObj, spec §3/§9) against the platform's object detector, which knows the 80 COCO
// classes and nothing else (no open-vocabulary detector ships in any registry package). A prompt resolves to one or
// more detector classes — by name, by a synonym (English or Chinese) — or is unsupported with a reason; it is never
// silently dropped. Shared by the server (authoritative) and the console (live feedback while typing).

/** The detector's classes in its output order (COCO-80). */
export const DETECTOR_CLASSES = [
  'person', 'bicycle', 'car', 'motorcycle', 'airplane', 'bus', 'train', 'truck', 'boat', 'traffic light',
  'fire hydrant', 'stop sign', 'parking meter', 'bench', 'bird', 'cat', 'dog', 'horse', 'sheep', 'cow',
  'elephant', 'bear', 'zebra', 'giraffe', 'backpack', 'umbrella', 'handbag', 'tie', 'suitcase', 'frisbee',
  'skis', 'snowboard', 'sports ball', 'kite', 'baseball bat', 'baseball glove', 'skateboard', 'surfboard',
  'tennis racket', 'bottle', 'wine glass', 'cup', 'fork', 'knife', 'spoon', 'bowl', 'banana', 'apple',
  'sandwich', 'orange', 'broccoli', 'carrot', 'hot dog', 'pizza', 'donut', 'cake', 'chair', 'couch',
  'potted plant', 'bed', 'dining table', 'toilet', 'tv', 'laptop', 'mouse', 'remote', 'keyboard', 'cell phone',
  'microwave', 'oven', 'toaster', 'sink', 'refrigerator', 'book', 'clock', 'vase', 'scissors', 'teddy bear',
  'hair drier', 'toothbrush',
] as const;

export type DetectorClass = (typeof DETECTOR_CLASSES)[number];

/** Chinese names of the classes (shown next to boxes in the Chinese console, and accepted as prompts). */
export const DETECTOR_CLASS_ZH: Record<DetectorClass, string> = {
  person: '人', bicycle: '自行车', car: '汽车', motorcycle: '摩托车', airplane: '飞机', bus: '公交车',
  train: '火车', truck: '卡车', boat: '船', 'traffic light': '交通信号灯', 'fire hydrant': '消防栓',
  'stop sign': '停车标志', 'parking meter': '停车计时器', bench: '长椅', bird: '鸟', cat: '猫', dog: '狗',
  horse: '马', sheep: '羊', cow: '牛', elephant: '大象', bear: '熊', zebra: '斑马', giraffe: '长颈鹿',
  backpack: '背包', umbrella: '雨伞', handbag: '手提包', tie: '领带', suitcase: '行李箱', frisbee: '飞盘',
  skis: '滑雪板', snowboard: '单板滑雪板', 'sports ball': '球', kite: '风筝', 'baseball bat': '棒球棒',
  'baseball glove': '棒球手套', skateboard: '滑板', surfboard: '冲浪板', 'tennis racket': '网球拍',
  bottle: '瓶子', 'wine glass': '酒杯', cup: '杯子', fork: '叉子', knife: '刀', spoon: '勺子', bowl: '碗',
  banana: '香蕉', apple: '苹果', sandwich: '三明治', orange: '橙子', broccoli: '西兰花', carrot: '胡萝卜',
  'hot dog': '热狗', pizza: '披萨', donut: '甜甜圈', cake: '蛋糕', chair: '椅子', couch: '沙发',
  'potted plant': '盆栽植物', bed: '床', 'dining table': '餐桌', toilet: '马桶', tv: '电视/显示器',
  laptop: '笔记本电脑', mouse: '鼠标', remote: '遥控器', keyboard: '键盘', 'cell phone': '手机',
  microwave: '微波炉', oven: '烤箱', toaster: '烤面包机', sink: '水槽', refrigerator: '冰箱', book: '书',
  clock: '时钟', vase: '花瓶', scissors: '剪刀', 'teddy bear': '泰迪熊', 'hair drier': '吹风机',
  toothbrush: '牙刷',
};

/** Other words for classes (lower case; plurals are handled separately). */
const SYNONYMS: Record<string, DetectorClass[]> = {
  people: ['person'], pedestrian: ['person'], human: ['person'], man: ['person'], woman: ['person'],
  child: ['person'], worker: ['person'], 行人: ['person'], 人员: ['person'], 人体: ['person'], 人物: ['person'],
  phone: ['cell phone'], cellphone: ['cell phone'], 'mobile phone': ['cell phone'], smartphone: ['cell phone'],
  电话: ['cell phone'], 移动电话: ['cell phone'], 智能手机: ['cell phone'],
  monitor: ['tv'], screen: ['tv'], display: ['tv'], television: ['tv'], 显示器: ['tv'], 电视: ['tv'],
  屏幕: ['tv'], 电视机: ['tv'],
  plant: ['potted plant'], 'house plant': ['potted plant'], 植物: ['potted plant'], 盆栽: ['potted plant'],
  绿植: ['potted plant'],
  'computer mouse': ['mouse'], notebook: ['laptop'], 'laptop computer': ['laptop'], 电脑: ['laptop'],
  笔记本: ['laptop'],
  vehicle: ['car', 'bus', 'truck'], 车辆: ['car', 'bus', 'truck'], 机动车: ['car', 'bus', 'truck'],
  自行车: ['bicycle'], bike: ['bicycle'], 单车: ['bicycle'], motorbike: ['motorcycle'], 电动车: ['motorcycle'],
  lorry: ['truck'], 货车: ['truck'], 轿车: ['car'], 小汽车: ['car'], coach: ['bus'], 客车: ['bus'], 大巴: ['bus'],
  bag: ['handbag', 'backpack', 'suitcase'], 包: ['handbag', 'backpack', 'suitcase'], 箱包: ['handbag', 'backpack', 'suitcase'],
  luggage: ['suitcase'], 行李: ['suitcase'], sofa: ['couch'], table: ['dining table'], 桌子: ['dining table'],
  fridge: ['refrigerator'], 'hair dryer': ['hair drier'], 'water bottle': ['bottle'], 水瓶: ['bottle'],
  'traffic signal': ['traffic light'], 红绿灯: ['traffic light'], 信号灯: ['traffic light'],
};

/** Things people ask for that a box detector of object classes cannot find: not objects, but phenomena or states. */
const NOT_OBJECTS = new Set([
  'fire', 'flame', 'smoke', 'fog', 'haze', 'water', 'ponding', 'flood', 'crowd', 'fight', 'fall', 'falling',
  'smoking', 'running', 'congestion', 'accident', 'pothole', '火', '火焰', '明火', '烟', '烟雾', '雾', '积水',
  '拥堵', '事故', '打架', '摔倒', '抽烟', '吸烟',
]);

export type PromptSupport =
  | { prompt: string; supported: true; classes: DetectorClass[]; via: 'class' | 'synonym' }
  | { prompt: string; supported: false; reason: 'notAnObject' | 'notInVocabulary' | 'empty'; classes: [] };

/** Lower case, single spaces, no surrounding punctuation; full-width spaces count as spaces. */
export function normalisePrompt(prompt: string): string {
  return prompt
    .replace(/\u3000/g, ' ')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .replace(/^(a|an|the) /, '')
    .replace(/^[.,;:!?，。；：！？]+|[.,;:!?，。；：！？]+$/g, '');
}

const BY_NAME = new Map<string, DetectorClass>([
  ...DETECTOR_CLASSES.map((c) => [c, c] as const),
  ...(Object.entries(DETECTOR_CLASS_ZH) as [DetectorClass, string][]).flatMap(([c, zh]) =>
    zh.split('/').map((name) => [name, c] as const),
  ),
]);

function lookUp(word: string): { classes: DetectorClass[]; via: 'class' | 'synonym' } | null {
  const direct = BY_NAME.get(word);
  if (direct) return { classes: [direct], via: 'class' };
  const synonym = SYNONYMS[word];
  if (synonym) return { classes: synonym, via: 'synonym' };
  return null;
}

/** What the detector does with one prompt. */
export function resolvePrompt(prompt: string): PromptSupport {
  const word = normalisePrompt(prompt);
  if (!word) return { prompt, supported: false, reason: 'empty', classes: [] };
  const found =
    lookUp(word) ??
    // Plurals: "persons", "phones", "boxes", "people" (handled above).
    (word.endsWith('es') ? lookUp(word.slice(0, -2)) : null) ??
    (word.endsWith('s') ? lookUp(word.slice(0, -1)) : null);
  if (found) return { prompt, supported: true, ...found };
  if (NOT_OBJECTS.has(word)) return { prompt, supported: false, reason: 'notAnObject', classes: [] };
  return { prompt, supported: false, reason: 'notInVocabulary', classes: [] };
}

/** Preset prompts by event id (spec §9). */
export const PRESET_PROMPTS: Readonly<Record<number, readonly string[]>> = {
  53: ['person', 'plastic bag', 'plant'],
  15: ['fire', 'smoke', 'phone'],
  45: ['cell phone', 'person', 'mouse', 'monitor'],
  102: ['paper box', 'person'],
};

/** Default box threshold of identifyObj (spec §9). */
export const DEFAULT_BOX_THRESHOLD = 0.7;

/**
 * What positions of the box-threshold slider mean for this detector, measured on the real photos of docs/detector.md
 * against hand-drawn boxes (36 people; scripts/measure-detector-defaults.ts): its score estimates the box's IoU with
 * a real object. The measured default for people (src/domain/detectorDefaults.ts) is the 'default' mark.
 */
export const DETECTOR_SCORE_MARKS = [
  { value: 0.25, key: 'default' }, // people: recall 0.94, precision 0.64 (best F2: the measured default)
  { value: 0.35, key: 'balanced' }, // people: recall 0.72, precision 0.90 (best F1)
  { value: 0.5, key: 'clean' }, // people: recall 0.42, precision 1.00
  { value: 0.7, key: 'strict' }, // people: 1 of 36 (the spec's stored default)
] as const;

/** The lowest candidate score the server answers, so the slider can go down to it without a new run. */
export const CANDIDATE_FLOOR = 0.1;
