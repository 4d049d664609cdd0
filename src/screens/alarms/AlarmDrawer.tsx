// The drawer of an alarm on the paged lists: its snapshot, actions and handling history (AlarmDetail). It loads at
// the first opening together with the detail, so a visit that only lists loads neither (AlarmListScreen).
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import Drawer from 'rsuite/Drawer';
import 'rsuite/Drawer/styles/index.css';
import { AlarmDetail } from './AlarmDetail.tsx';
import type { WarnEvent } from './alarmsApi.ts';

type DetailProps = ComponentProps<typeof AlarmDetail>;

interface Props {
  /** The open alarm; null closes the drawer. */
  alarm: WarnEvent | null;
  onClose(): void;
  offer: DetailProps['offer'];
  store: DetailProps['store'];
  onSettled: DetailProps['onSettled'];
}

export function AlarmDrawer({ alarm, onClose, offer, store, onSettled }: Props) {
  const { t } = useTranslation('alarms');
  return (
    <Drawer open={alarm !== null} onClose={onClose} size="md" aria-labelledby="alarm-drawer-title">
      <Drawer.Header>
        <Drawer.Title id="alarm-drawer-title">{t('detail.title')}</Drawer.Title>
      </Drawer.Header>
      <Drawer.Body>{alarm ? <AlarmDetail key={alarm.id} alarm={alarm} offer={offer} store={store} withHistory onSettled={onSettled} /> : null}</Drawer.Body>
    </Drawer>
  );
}
