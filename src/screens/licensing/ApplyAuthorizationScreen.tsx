// /applyAuthorization: the authorization applications and the licence applications (declared resources, as
// tabs) and, below, the status of the one the
// user follows — a new application at once, or one picked with "Follow status" — polled by the authorization
// machine, so a grant made elsewhere shows here without a reload.
import { useMemo, useState } from 'react';
import { ResourceScreen } from '../../components/resource/ResourceScreen.tsx';
import { authorizationsResource } from './authorizationResources.ts';
import { AuthorizationWatch } from './AuthorizationWatch.tsx';
import { licAppliesResource } from './licApplyResources.ts';

export default function ApplyAuthorizationScreen() {
  const [followed, setFollowed] = useState<number | null>(null);
  const parts = useMemo(() => [{ resource: authorizationsResource(setFollowed) }, { resource: licAppliesResource }], []);
  return (
    <>
      <ResourceScreen id="authorizations" parts={parts} />
      <AuthorizationWatch followed={followed} />
    </>
  );
}
