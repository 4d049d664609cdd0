// The platform settings documents, each shown to whoever may read it: alarm output, watermark and recording
// retention with what recordings use of the disk (otherConfig), search and push (plugManage, target retrieval reads
// it), the allowed hosts of outbound calls (outboundAllow).
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/permissions.tsx';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { SettingsPanel } from '../../components/resource/SettingsPanel.tsx';
import type { Choice } from '../../components/resource/types.ts';
import { RecordingStorageLine } from './RecordingStorageLine.tsx';
import { eventChoices, outboundSettings, outputSettings, recordingSettings, searchPushSettings, watermarkSettings } from './settingsResources.ts';

const NO_EVENTS: Choice[] = [];

export function CatalogueSettings() {
  const holds = usePermission();
  const { i18n } = useTranslation();
  const pushReader = holds(['plugManage', 'targetRetrieval']);
  const events = useLoaded((signal) => (pushReader ? eventChoices(signal) : Promise.resolve(NO_EVENTS)), NO_EVENTS, String(pushReader));
  return (
    <div className="settings-list">
      {holds('otherConfig') ? <SettingsPanel settings={outputSettings} /> : null}
      {holds('otherConfig') ? <SettingsPanel settings={watermarkSettings} /> : null}
      {holds('otherConfig') ? (
        <div>
          <SettingsPanel settings={recordingSettings} />
          <RecordingStorageLine />
        </div>
      ) : null}
      {pushReader && events.status === 'ready' ? <SettingsPanel key={i18n.language} settings={searchPushSettings(events.data, i18n.language)} /> : null}
      {holds('outboundAllow') ? <SettingsPanel settings={outboundSettings} /> : null}
    </div>
  );
}
