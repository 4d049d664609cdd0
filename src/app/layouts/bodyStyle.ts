// §2 "/deviceConfigOfflineEventWhite and /secondIdentify use a white-body style when the skin is normal", and
// the custom skin's light body: classes on <body>, removed when the route or the signed-in frame goes away.
import { useEffect } from 'react';
import type { Skin } from '../../routeTypes.ts';

export const WHITE_BODY_CLASS = 'argus-body-white';
export const CUSTOM_SKIN_CLASS = 'argus-skin-custom';

export function useBodyStyle(whiteBody: boolean, skin: Skin): void {
  useEffect(() => {
    const body = document.body.classList;
    body.toggle(WHITE_BODY_CLASS, whiteBody);
    body.toggle(CUSTOM_SKIN_CLASS, skin === 'custom');
    return () => {
      body.remove(WHITE_BODY_CLASS);
      body.remove(CUSTOM_SKIN_CLASS);
    };
  }, [whiteBody, skin]);
}
