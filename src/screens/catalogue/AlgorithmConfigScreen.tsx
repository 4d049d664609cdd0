// /algorithmConfig (and /config_center/algorithmConfig): the event catalogue — algorithm events, disabled and
// restarted (§4), and their types — as declared resources.
import { ResourceScreen } from '../../components/resource/ResourceScreen.tsx';
import { eventsResource, eventTypesResource } from './eventResources.ts';

const parts = [{ resource: eventsResource }, { resource: eventTypesResource }];

export default function AlgorithmConfigScreen() {
  return <ResourceScreen id="algorithmConfig" parts={parts} />;
}
