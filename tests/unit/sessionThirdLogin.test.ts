// The /thirdLogin screen's sign-in (§2): the session signs in with the code, loads the console and says whether
// it worked; a refused code leaves a signed-in session as it was (issue 8 item 21) and no session otherwise.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type SessionActor, signInWithThirdPartyCode } from '../../src/app/sessionService.ts';
import { type Bootstrap, type LoginRequest, type SignedIn, sessionMachine } from '../../src/machines/session.machine.ts';
import { bootstrap, signedIn, stored } from '../machines/sessionHarness.ts';

function session(storedSession: SignedIn | null, accept: (request: LoginRequest) => boolean) {
  const requests: LoginRequest[] = [];
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise<SignedIn, LoginRequest>(async ({ input }) => {
        requests.push(input);
        if (!accept(input)) throw new Error('登录码无效或已过期');
        return signedIn;
      }),
      loadBootstrap: fromPromise<Bootstrap, SignedIn>(async () => bootstrap),
      logout: fromPromise<void, SignedIn>(async () => {}),
    },
  });
  const actor = createActor(machine, { input: { stored: storedSession } }).start() as unknown as SessionActor;
  return { actor, requests };
}

describe('third-party sign-in', () => {
  it('signs in with the code and loads the console', async () => {
    const { actor, requests } = session(null, () => true);
    expect(await signInWithThirdPartyCode(actor, { code: 'code-123456', moduleName: 'historyEvent', convertId: '7' })).toEqual({ ok: true });
    expect(requests).toEqual([{ kind: 'thirdParty', code: 'code-123456', moduleName: 'historyEvent', convertId: '7' }]);
    expect(actor.getSnapshot().context.bootstrap).toEqual(bootstrap);
  });

  it('waits for a stored session to be restored, then signs in as the link says', async () => {
    const { actor, requests } = session(stored, () => true);
    expect(await signInWithThirdPartyCode(actor, { code: 'code-123456' })).toEqual({ ok: true });
    expect(requests).toHaveLength(1);
    expect(actor.getSnapshot().context.signedIn).toEqual(signedIn);
  });

  it('reports a refused code and leaves a signed-in user signed in, with the console as it was', async () => {
    const { actor } = session(stored, () => false);
    expect(await signInWithThirdPartyCode(actor, { code: 'used-code-1' })).toEqual({
      ok: false,
      message: '登录码无效或已过期',
      stillSignedIn: true,
    });
    expect(actor.getSnapshot().value).toBe('authenticated');
    expect(actor.getSnapshot().context.signedIn).toEqual(stored);
    expect(actor.getSnapshot().context.bootstrap).toEqual(bootstrap);
  });

  it('reports a refused code to a visitor who was not signed in, leaving no session', async () => {
    const { actor } = session(null, () => false);
    expect(await signInWithThirdPartyCode(actor, { code: 'used-code-1' })).toEqual({
      ok: false,
      message: '登录码无效或已过期',
      stillSignedIn: false,
    });
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(actor.getSnapshot().context.signedIn).toBeNull();
  });
});
