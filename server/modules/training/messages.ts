// Messages of the training area (samples, the §5 rules, training jobs, validation, the model service).
import type { Catalogue } from '../../http/messages.ts';

export const trainingMessages = {
  'training.entity.algorithm': { zh: '仓库算法', en: 'warehouse algorithm' },
  'training.entity.sample': { zh: '训练样本', en: 'training sample' },
  'training.entity.task': { zh: '训练任务', en: 'training task' },
  'training.entity.image': { zh: '图片', en: 'image' },
  'training.imageUndecodable': { zh: '图片无法解码：只支持 png、jpeg，最大 10 MB', en: 'The image cannot be decoded: png or jpeg, at most 10 MB' },
  'training.badField': { zh: '参数 {field} 无效', en: 'Invalid {field}' },
  'training.noFiles': { zh: '没有上传任何图片', en: 'No image was uploaded' },
  'training.tooManyFiles': { zh: '一次最多上传 {max} 张图片', en: 'At most {max} images per upload' },
  'training.algorithmFull': {
    zh: '每个算法最多 {max} 张训练图片：已有 {count} 张，本次 {adding} 张',
    en: 'At most {max} training images per algorithm: it has {count}, this upload adds {adding}',
  },
  'training.chineseName': { zh: '文件 {file}：文件名不能包含中文字符', en: 'File {file}: the name must not contain Chinese characters' },
  'training.fileTooSmall': { zh: '文件 {file}：图片不能小于 {min}', en: 'File {file}: an image must be at least {min}' },
  'training.fileTooLarge': { zh: '文件 {file}：图片不能大于 {max}', en: 'File {file}: an image must be at most {max}' },
  'training.badType': {
    zh: '文件 {file}：只支持 jpg、png、jpeg、jfif 图片（按内容判断）',
    en: 'File {file}: only jpg, png, jpeg and jfif images are accepted (judged by content)',
  },
  'training.undecodable': { zh: '文件 {file}：图片无法解码', en: 'File {file}: the image cannot be decoded' },
  'training.busy': { zh: '该算法正在训练，训练结束前不能修改样本或再次训练', en: 'This algorithm is training; its samples cannot change and it cannot train again until it ends' },
  'training.mixedAlgorithms': { zh: '所选样本属于多个算法', en: 'The samples belong to several algorithms' },
  'training.notZip': { zh: '上传的文件不是 zip 压缩包', en: 'The uploaded file is not a zip archive' },
  'training.zipTooLarge': { zh: '压缩包不能大于 {max}', en: 'The zip must be at most {max}' },
  'training.zipBroken': { zh: '压缩包已损坏或格式不受支持（{reason}）', en: 'The zip is damaged or uses an unsupported format ({reason})' },
  'training.zipTooManyEntries': { zh: '压缩包条目过多（{count}，最多 {max}）', en: 'The zip has too many entries ({count}, at most {max})' },
  'training.zipBomb': {
    zh: '压缩包解压后过大（条目 {entry} 声明 {size}，单个最多 {max}、合计最多 {total}），未解压即拒绝',
    en: 'The zip would inflate too large (entry {entry} declares {size}; at most {max} each, {total} in all); refused without inflating',
  },
  'training.zipTraversal': { zh: '压缩包条目 {entry} 的路径不安全（绝对路径或 ..）', en: 'Zip entry {entry} has an unsafe path (absolute or ..)' },
  'training.zipOuterFolder': {
    zh: '压缩包内须有与压缩包同名的外层文件夹 {folder}/',
    en: 'The zip must hold an outer folder named like the zip: {folder}/',
  },
  'training.zipMissingClass': { zh: '压缩包缺少文件夹 {folder}/', en: 'The zip has no folder {folder}/' },
  'training.zipEncrypted': { zh: '压缩包条目 {entry} 已加密，不支持', en: 'Zip entry {entry} is encrypted, which is not supported' },
  'training.notEnoughSamples': {
    zh: '训练至少需要 {min} 张正样本和 {min} 张负样本（现有正样本 {positive}、负样本 {negative}）',
    en: 'Training needs at least {min} positive and {min} negative samples (it has {positive} positive, {negative} negative)',
  },
  'training.unclassifiedLeft': {
    zh: '还有 {count} 张图片未分类，请先全部分类再训练',
    en: '{count} images are still unclassified; classify them all before training',
  },
  'training.taskEnded': { zh: '训练任务已结束，不能取消', en: 'The training has already ended; it cannot be cancelled' },
  'training.cancelled': { zh: '已取消训练', en: 'The training was cancelled' },
  'training.restartFailed': {
    zh: '服务器在训练期间重启，已重试 {attempts} 次，训练失败',
    en: 'The server restarted during the training; after {attempts} attempts the training failed',
  },
  'training.failed': { zh: '训练失败：{reason}', en: 'The training failed: {reason}' },
  'training.sampleMissing': { zh: '样本 {file} 的图片文件丢失', en: 'The image file of sample {file} is missing' },
  'training.noModelService': {
    zh: '未配置大模型服务（MODEL_SERVICE_URL），无法描述图片',
    en: 'No model service is configured (MODEL_SERVICE_URL); images cannot be described',
  },
  'training.modelServiceFailed': { zh: '大模型服务调用失败（{reason}）', en: 'The model service call failed ({reason})' },
  'training.modelServiceBusy': { zh: '大模型服务繁忙，请稍后再试', en: 'The model service is busy; try again later' },
} satisfies Catalogue;
