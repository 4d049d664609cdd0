// moduleIcon (a name the menu administrator picks) → an icon from @rsuite/icons. The seeded names come first;
// @rsuite/icons' own component names are accepted too. Unknown or empty names get the generic page icon.
import BarLineChartIcon from '@rsuite/icons/BarLineChart';
import BranchIcon from '@rsuite/icons/Branch';
import CreativeIcon from '@rsuite/icons/Creative';
import DashboardIcon from '@rsuite/icons/Dashboard';
import ExploreIcon from '@rsuite/icons/Explore';
import GearIcon from '@rsuite/icons/Gear';
import ImageIcon from '@rsuite/icons/Image';
import LocationIcon from '@rsuite/icons/Location';
import MediaIcon from '@rsuite/icons/Media';
import MessageIcon from '@rsuite/icons/Message';
import ModelIcon from '@rsuite/icons/Model';
import NoticeIcon from '@rsuite/icons/Notice';
import PageIcon from '@rsuite/icons/Page';
import PcIcon from '@rsuite/icons/Pc';
import PeoplesIcon from '@rsuite/icons/Peoples';
import SearchIcon from '@rsuite/icons/Search';
import StorageIcon from '@rsuite/icons/Storage';
import TagIcon from '@rsuite/icons/Tag';
import TaskIcon from '@rsuite/icons/Task';
import VideoIcon from '@rsuite/icons/Video';
import type { ComponentType, SVGProps } from 'react';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const ICONS: Record<string, Icon> = {
  // names the demo menu uses
  dashboard: DashboardIcon,
  bell: NoticeIcon,
  camera: VideoIcon,
  task: TaskIcon,
  algorithm: BranchIcon,
  production: CreativeIcon,
  chart: BarLineChartIcon,
  setting: GearIcon,
  showcase: ExploreIcon,
  // other common names
  home: DashboardIcon,
  alarm: NoticeIcon,
  video: MediaIcon,
  device: PcIcon,
  box: StorageIcon,
  map: LocationIcon,
  model: ModelIcon,
  image: ImageIcon,
  tag: TagIcon,
  search: SearchIcon,
  user: PeoplesIcon,
  agent: MessageIcon,
};

export function menuIcon(name: string): Icon {
  const key = name.trim();
  return ICONS[key] ?? ICONS[key.toLowerCase()] ?? ICONS[key.replace(/Icon$/, '').toLowerCase()] ?? PageIcon;
}
