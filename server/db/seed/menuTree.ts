// The menu of spec §2 as the server seeds it: every route is a module whose moduleNumber is the route key,
// grouped as an operator would expect. Group modules are not routes; their numbers start with "group:".
export interface SeedModule {
  number: string;
  zh: string;
  en: string;
  /** A button is a permission inside a screen, not a menu entry; a group given to a role does not include it. */
  type?: 'button';
  icon?: string;
  description?: string;
  visible?: boolean;
  children?: SeedModule[];
}

const route = (number: string, zh: string, en: string, extra: Partial<SeedModule> = {}): SeedModule => ({
  number,
  zh,
  en,
  ...extra,
});

export const menuTree: SeedModule[] = [
  {
    number: 'group:home', zh: '首页', en: 'Home', icon: 'dashboard',
    children: [
      route('index_traffic', '交通首页', 'Traffic home'),
      route('test', '综合首页', 'Overview'),
      // typeIds (§2): the traffic-live page shows road events only.
      route('index_traffic_truth', '交通实况', 'Traffic live', { description: '1001,1002,1003,1004,1005,1006,1007,1008,1009,1010,1011,1012,1013,1014,1015,1016,1017,1018,1019,1020,1021,1022,1023,1024' }),
      route('configTotal', '网点统计', 'Site statistics'),
      route('intelligent', '智能体', 'Intelligent agent'),
    ],
  },
  {
    number: 'group:alarms', zh: '告警中心', en: 'Alarm center', icon: 'bell',
    children: [
      route('actualTimeEvent', '实时事件', 'Real-time events'),
      route('historyEvent', '历史事件', 'History events', {
        // Deleting alarms (DELETE /warn/event): administrators only; operators handle alarms but do not delete them.
        children: [{ number: 'alarmDelete', zh: '删除告警', en: 'Delete alarms', type: 'button' }],
      }),
      route('eventProcess', '事件处理', 'Event processing'),
      route('eventVerify', '事件核查', 'Event check'),
      route('urgentEvent', '紧急事件', 'Urgent events'),
      route('videoPlayCenter', '视频中心', 'Video center'),
    ],
  },
  {
    number: 'group:devices', zh: '设备管理', en: 'Devices', icon: 'camera',
    children: [
      route('deviceConfig', '摄像机配置', 'Camera configuration'),
      route('boxDeviceConfig', '盒子配置', 'Box configuration'),
      route('edgeDevice/box', '边缘设备', 'Edge devices'),
      route('boxMap', '盒子地图', 'Box map'),
      route('deviceConfigImage', '摄像机图片配置', 'Camera image configuration'),
      route('deviceConfigOffline', '离线视频配置', 'Offline video configuration'),
      route('deviceConfigOfflineEvent', '离线视频事件', 'Offline video events'),
    ],
  },
  {
    number: 'group:tasks', zh: '任务配置', en: 'Tasks', icon: 'task',
    children: [
      route('taskConfig', '任务配置', 'Task configuration'),
      route('imgTaskConfig', '图片告警配置', 'Image alarm configuration'),
      route('batchTask', '计划任务', 'Planned tasks'),
      route('otherConfig', '其他配置', 'Other configuration', {
        // Which internal hosts the server may call (push, fetched images, cameras): administrators only.
        children: [{ number: 'outboundAllow', zh: '出站调用允许的主机', en: 'Allowed hosts of outbound calls', type: 'button' }],
      }),
    ],
  },
  {
    number: 'group:algorithms', zh: '算法中心', en: 'Algorithms', icon: 'algorithm',
    children: [
      route('algorithmConfig', '算法配置', 'Algorithm configuration'),
      route('algorithmConfigSuper', '高级算法配置', 'Advanced algorithm configuration'),
      route('algorithmicSetup', '算法编排', 'Algorithm orchestration'),
      route('setUp', '编排', 'Orchestration'),
      route('testVerify', '验证', 'Verification'),
      route('algorithmMall', '算法商城', 'Algorithm mall'),
      route('modalBoxPage', '模型管理', 'Model management'),
      route('modelTypeManage', '模型类型管理', 'Model types'),
      route('modelSceneConfig', '模型场景管理', 'Model scenes'),
      route('moveManage', '算法运行', 'Algorithm running'),
      route('synchroModelInfo', '训练模型管理', 'Training models'),
      route('targetRetrieval', '目标检索', 'Target retrieval'),
      route('imgTagConfig', '图片标签管理', 'Image tags'),
      route('tagConfig', '标签管理', 'Tags'),
    ],
  },
  {
    number: 'algorithmProduction', zh: '算法生产', en: 'Algorithm production', icon: 'production',
    children: [
      route('algorithmProduction/train', '细粒度训练', 'Fine-grained training'),
      route('algorithmProduction/algorithmHistory', '算法编排记录', 'Orchestration history'),
      route('algorithmProduction/warehouse', '算法仓库', 'Algorithm warehouse'),
      route('secondIdentify', '二次识别', 'Second identify'),
    ],
  },
  {
    number: 'group:stats', zh: '统计分析', en: 'Statistics', icon: 'chart',
    children: [
      route('alarmTrend', '告警趋势', 'Alarm trend'),
      route('eventStatistics', '事件统计', 'Event statistics'),
      route('eventStatisticsInfo', '事件详情', 'Event details'),
      route('identifyTotal', '大模型统计', 'Large-model statistics'),
      route('resourceInfo', '资源分析', 'Resource analysis'),
      route('flowTotal', '客流统计', 'Passenger flow'),
      route('flowUnitTotal', '单位客流统计', 'Passenger flow by unit'),
      route('flowNetworkTotal', '网点客流统计', 'Passenger flow by outlet'),
      route('flowTotalSubway', '地铁客流统计', 'Subway passenger flow'),
    ],
  },
  {
    number: 'group:system', zh: '系统管理', en: 'System', icon: 'setting',
    children: [
      route('userConfig', '用户管理', 'Users'),
      route('roleConfig', '角色管理', 'Roles'),
      route('deptConfig', '部门管理', 'Departments'),
      route('menuConfig', '菜单管理', 'Menus'),
      route('logoConfig', '系统名称配置', 'System name'),
      route('logConfig', '日志管理', 'Operation log'),
      route('plugManage', '推送管理', 'Push management'),
      route('activationManage', '激活码管理', 'Activation codes'),
      route('applyAuthorization', '申请授权', 'Apply for authorization', {
        children: [{ number: 'authorizationGrant', zh: '批准授权', en: 'Grant authorizations', type: 'button' }],
      }),
    ],
  },
  {
    number: 'group:showcase', zh: '能力展示', en: 'Showcase', icon: 'showcase', visible: false,
    children: [
      route('deviceConfigOfflineEventWhite', '能力展示', 'Capability showcase'),
      route('taskConfigThirdWhite', '任务配置（白）', 'Task configuration (white)'),
      route('deviceConfigOfflineEventThird', '离线视频配置（第三方）', 'Offline video (third party)'),
      route('taskConfigThird', '任务配置（第三方）', 'Task configuration (third party)'),
    ],
  },
];

/** What the seeded operator role holds: watching and handling alarms, statistics (groups, without their buttons). */
export const operatorModules = ['group:home', 'group:alarms', 'group:stats', 'boxMap'];
