// /activationManage: the activation codes (a declared resource) and activating a device with one.
import { useState } from 'react';
import { ResourceScreen } from '../../components/resource/ResourceScreen.tsx';
import { ActivatePanel } from './ActivatePanel.tsx';
import { activationCodesResource } from './activationResources.tsx';

const parts = [{ resource: activationCodesResource }];

export default function ActivationManageScreen() {
  // The list is read again after an activation (a new key remounts it).
  const [round, setRound] = useState(0);
  return (
    <>
      <ResourceScreen key={round} id="activationCodes" parts={parts} />
      <ActivatePanel onActivated={() => setRound((n) => n + 1)} />
    </>
  );
}
