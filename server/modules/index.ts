// Every implemented operation's handler, by operationId. Operations not listed answer 501 (not implemented).
import type { HandlerMap } from '../http/handler.ts';
import { homeSummaryHandlers } from './algorithms/homeSummary.ts';
import { algorithmParamHandlers } from './algorithms/paramHandlers.ts';
import { algorithmRunHandlers } from './algorithms/runHandlers.ts';
import { setupEventExportHandlers } from './algorithms/setupEventExport.ts';
import { setupEventHandlers } from './algorithms/setupEventHandlers.ts';
import { setupEventValidateHandlers } from './algorithms/setupEventValidate.ts';
import { alarmHandlers } from './alarms/alarmHandlers.ts';
import { authHandlers } from './auth/authHandlers.ts';
import { cameraHandlers } from './cameras/cameraHandlers.ts';
import { catalogueEventHandlers } from './catalogue/eventHandlers.ts';
import { catalogueEventTypeHandlers } from './catalogue/eventTypeHandlers.ts';
import { configHandlers } from './config/configHandlers.ts';
import { deptHandlers } from './depts/deptHandlers.ts';
import { deviceExportHandlers } from './devices/deviceExportHandlers.ts';
import { deviceHandlers } from './devices/deviceHandlers.ts';
import { deviceMediaHandlers } from './devices/deviceMediaHandlers.ts';
import { deviceRunHandlers } from './devices/deviceRunHandlers.ts';
import { deviceSettingsHandlers } from './devices/deviceSettingsHandlers.ts';
import { eventConfigHandlers } from './devices/eventConfigHandlers.ts';
import { snapshotHandlers } from './devices/snapshotHandlers.ts';
import { streamStateHandlers } from './devices/streamStateHandlers.ts';
import { boxTaskHandlers } from './edgeBox/boxTaskHandlers.ts';
import { edgeBoxHandlers } from './edgeBox/edgeBoxHandlers.ts';
import { heartbeatHandlers } from './edgeBox/heartbeatHandler.ts';
import { workClothesHandlers } from './edgeBox/workClothesHandlers.ts';
import { licenceHandlers } from './licence/licenceHandlers.ts';
import { activationHandlers } from './licensing/activationHandlers.ts';
import { authorizationHandlers } from './licensing/authorizationHandlers.ts';
import { licApplyHandlers } from './licensing/licApplyHandlers.ts';
import { logHandlers } from './logs/logHandlers.ts';
import { menuHandlers } from './menus/menuHandlers.ts';
import { mallHandlers } from './models/mallHandlers.ts';
import { modelHandlers } from './models/modelHandlers.ts';
import { modelTypeHandlers } from './models/modelTypeHandlers.ts';
import { planHandlers } from './plans/planHandlers.ts';
import { plugHandlers } from './push/plugHandlers.ts';
import { retrievalHandlers } from './retrieval/retrievalHandlers.ts';
import { roleHandlers } from './roles/roleHandlers.ts';
import { sceneHandlers } from './scenes/sceneHandlers.ts';
import { flowIngestHandlers } from './stats/flowIngest.ts';
import { homeOverviewHandlers } from './stats/homeOverview.ts';
import { resourceHandlers } from './stats/resourceHandlers.ts';
import { screenHandlers } from './stats/screenHandlers.ts';
import { statsHandlers } from './stats/statsHandlers.ts';
import { groupHandlers } from './system/groupHandlers.ts';
import { recordingSettingsHandlers } from './system/recordingSettings.ts';
import { settingsHandlers } from './system/settingsHandlers.ts';
import { tagHandlers } from './system/tagHandlers.ts';
import { timeModelHandlers } from './system/timeModelHandlers.ts';
import { unitHandlers } from './system/unitHandlers.ts';
import { taskHandlers } from './tasks/taskHandlers.ts';
import { alarmSampleHandlers } from './training/alarmSamples.ts';
import { sampleHandlers } from './training/sampleHandlers.ts';
import { describeImageHandlers } from './training/describeImage.ts';
import { evalHandlers } from './training/evalHandlers.ts';
import { evaluationHandlers } from './training/evaluationHandlers.ts';
import { predictBigSdkHandlers } from './training/predictBigSdk.ts';
import { trainHandlers } from './training/trainHandlers.ts';
import { versionHandlers } from './training/versionHandlers.ts';
import { versionSyncHandlers } from './training/versionSyncHandlers.ts';
import { datasetExportHandlers } from './training/datasetExport.ts';
import { versionOnnxHandlers } from './training/versionOnnx.ts';
import { versionPackageHandlers } from './training/versionPackage.ts';
import { videoValidationHandlers } from './training/videoValidation.ts';
import { trainHealthHandlers } from './training/trainHealth.ts';
import { userHandlers } from './users/userHandlers.ts';
import { liveHandlers } from './video/liveHandlers.ts';
import { recordingIngestHandlers } from './video/recordingIngest.ts';
import { videoDayHandlers } from './video/videoDay.ts';
import { videoHandlers } from './video/videoHandlers.ts';

export const handlers: HandlerMap = {
  ...authHandlers,
  ...menuHandlers,
  ...userHandlers,
  ...roleHandlers,
  ...deptHandlers,
  ...configHandlers,
  ...licenceHandlers,
  ...logHandlers,
  ...alarmHandlers,
  ...statsHandlers,
  ...videoHandlers,
  ...recordingIngestHandlers,
  ...liveHandlers,
  ...videoDayHandlers,
  ...deviceHandlers,
  ...deviceRunHandlers,
  ...deviceMediaHandlers,
  ...snapshotHandlers,
  ...streamStateHandlers,
  ...deviceSettingsHandlers,
  ...deviceExportHandlers,
  ...eventConfigHandlers,
  ...cameraHandlers,
  ...sceneHandlers,
  ...edgeBoxHandlers,
  ...boxTaskHandlers,
  ...heartbeatHandlers,
  ...workClothesHandlers,
  ...taskHandlers,
  ...planHandlers,
  ...setupEventHandlers,
  ...sampleHandlers,
  ...alarmSampleHandlers,
  ...trainHandlers,
  ...versionHandlers,
  ...versionSyncHandlers,
  ...versionPackageHandlers,
  ...versionOnnxHandlers,
  ...datasetExportHandlers,
  ...describeImageHandlers,
  ...evalHandlers,
  ...videoValidationHandlers,
  ...evaluationHandlers,
  ...predictBigSdkHandlers,
  ...trainHealthHandlers,
  ...setupEventValidateHandlers,
  ...setupEventExportHandlers,
  ...homeSummaryHandlers,
  ...homeOverviewHandlers,
  ...resourceHandlers,
  ...screenHandlers,
  ...flowIngestHandlers,
  ...catalogueEventHandlers,
  ...catalogueEventTypeHandlers,
  ...modelTypeHandlers,
  ...modelHandlers,
  ...mallHandlers,
  ...timeModelHandlers,
  ...tagHandlers,
  ...groupHandlers,
  ...unitHandlers,
  ...settingsHandlers,
  ...recordingSettingsHandlers,
  ...algorithmRunHandlers,
  ...algorithmParamHandlers,
  ...authorizationHandlers,
  ...licApplyHandlers,
  ...activationHandlers,
  ...plugHandlers,
  ...retrievalHandlers,
};
