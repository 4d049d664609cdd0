// The shell's small rules: change-password checks (§5), the cooperation form (contract bounds), the non-Chrome
// warning (§8), the licence notice (§8), the assistant frame and its sandbox (§1, §4), the shell configuration,
// and right-click (§2).
import { afterEach, describe, expect, it } from 'vitest';
import { contextMenuAllowed, installContextMenuRule, setSystemContextMenu } from '../../src/app/contextMenu.ts';
import { identifyBrowser } from '../../src/app/dialogs/browserCheck.ts';
import { expiredLicenceNotice, licenceNoticeSeen, rememberLicenceNoticeSeen } from '../../src/app/dialogs/licenceNotice.ts';
import { passwordChangeProblems } from '../../src/app/layouts/passwordRules.ts';
import { defaultShellConfig, shellConfigOf } from '../../src/app/layouts/shellConfig.ts';
import { assistantFrameUrl, assistantSandbox } from '../../src/components/assistant/assistantFrame.ts';
import { cooperateBody, cooperateProblems, emptyCooperateValues } from '../../src/screens/portal/cooperateForm.ts';

describe('change password (§5)', () => {
  const ok = { oldPassword: 'Argus@2026', newPassword: 'New@2026', confirmPassword: 'New@2026' };

  it('accepts a complete, matching change', () => {
    expect(passwordChangeProblems(ok)).toEqual({});
  });

  it('requires every field', () => {
    expect(passwordChangeProblems({ oldPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      oldPassword: 'oldRequired',
      newPassword: 'newRequired',
      confirmPassword: 'confirmRequired',
    });
  });

  it('bounds the new password to 6–20 characters', () => {
    expect(passwordChangeProblems({ ...ok, newPassword: '12345', confirmPassword: '12345' }).newPassword).toBe('newLength');
    expect(passwordChangeProblems({ ...ok, newPassword: '123456', confirmPassword: '123456' }).newPassword).toBeUndefined();
    const long = 'x'.repeat(21);
    expect(passwordChangeProblems({ ...ok, newPassword: long, confirmPassword: long }).newPassword).toBe('newLength');
    expect(passwordChangeProblems({ ...ok, oldPassword: 'y'.repeat(65) }).oldPassword).toBe('oldTooLong');
  });

  it('requires the two new passwords to match and to differ from the old one', () => {
    expect(passwordChangeProblems({ ...ok, confirmPassword: 'New@2027' }).confirmPassword).toBe('mismatch');
    expect(passwordChangeProblems({ ...ok, newPassword: ok.oldPassword, confirmPassword: ok.oldPassword }).newPassword).toBe('sameAsOld');
  });
});

describe('the cooperation form', () => {
  const filled = { ...emptyCooperateValues, companyName: 'Argus 合作伙伴', contact: '张伟', phone: '0755-88887777' };

  it('requires company, contact and phone', () => {
    expect(cooperateProblems(emptyCooperateValues)).toEqual({
      companyName: { key: 'companyNameRequired' },
      contact: { key: 'contactRequired' },
      phone: { key: 'phoneRequired' },
    });
    expect(cooperateProblems({ ...filled, contact: '   ' }).contact).toEqual({ key: 'contactRequired' });
    expect(cooperateProblems(filled)).toEqual({});
  });

  it('applies the contract bounds', () => {
    expect(cooperateProblems({ ...filled, companyName: 'x'.repeat(129) }).companyName).toEqual({ key: 'tooLong', max: 128 });
    expect(cooperateProblems({ ...filled, contact: 'x'.repeat(33) }).contact).toEqual({ key: 'tooLong', max: 32 });
    expect(cooperateProblems({ ...filled, phone: '1'.repeat(19) }).phone).toEqual({ key: 'tooLong', max: 18 });
    expect(cooperateProblems({ ...filled, purpose: 'x'.repeat(501) }).purpose).toEqual({ key: 'tooLong', max: 500 });
    expect(cooperateProblems({ ...filled, purpose: 'x'.repeat(500) }).purpose).toBeUndefined();
  });

  it('accepts digits and hyphens only in the phone (§5), and a real-looking email when one is given', () => {
    expect(cooperateProblems({ ...filled, phone: '+86 755 1234' }).phone).toEqual({ key: 'phoneFormat' });
    expect(cooperateProblems({ ...filled, email: 'not-an-address' }).email).toEqual({ key: 'emailFormat' });
    expect(cooperateProblems({ ...filled, email: 'ops@example.com' }).email).toBeUndefined();
  });

  it('sends trimmed values and leaves out empty optional fields', () => {
    expect(cooperateBody({ ...filled, companyName: ' A ', email: ' ', purpose: ' talk ' })).toEqual({
      companyName: 'A',
      contact: '张伟',
      phone: '0755-88887777',
      purpose: 'talk',
    });
  });
});

describe('the non-Chrome warning (§8)', () => {
  const ua = {
    chrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
    headless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
    edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0',
    firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
    safari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    opera: 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 OPR/120.0.0.0',
  };

  it('lets Chrome (headless too) through', () => {
    expect(identifyBrowser(ua.chrome)).toEqual({ name: 'Chrome', isChrome: true });
    expect(identifyBrowser(ua.headless)).toEqual({ name: 'Chrome', isChrome: true });
  });

  it('names every other browser', () => {
    expect(identifyBrowser(ua.edge)).toEqual({ name: 'Microsoft Edge', isChrome: false });
    expect(identifyBrowser(ua.firefox)).toEqual({ name: 'Firefox', isChrome: false });
    expect(identifyBrowser(ua.safari)).toEqual({ name: 'Safari', isChrome: false });
    expect(identifyBrowser(ua.opera)).toEqual({ name: 'Opera', isChrome: false });
    expect(identifyBrowser('curl/8')).toEqual({ name: '', isChrome: false });
  });
});

describe('the licence notice (§8)', () => {
  const licence = { company: 'Demo', machineCode: 'M', maxCameras: 4, modules: [] };

  it('is shown for an expired licence, with its expiry time', () => {
    expect(expiredLicenceNotice({ ...licence, status: 'expired', expireTime: '2025-01-01 00:00:00' })).toEqual({
      expireTime: '2025-01-01 00:00:00',
    });
  });

  it('is not shown for a valid or missing licence', () => {
    expect(expiredLicenceNotice({ ...licence, status: 'valid', expireTime: '2099-01-01 00:00:00' })).toBeNull();
    expect(expiredLicenceNotice({ ...licence, status: 'missing', expireTime: null })).toBeNull();
    expect(expiredLicenceNotice(null)).toBeNull();
  });

  it('is acknowledged once per tab session', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(licenceNoticeSeen(storage)).toBe(false);
    rememberLicenceNoticeSeen(storage);
    expect(licenceNoticeSeen(storage)).toBe(true);
  });
});

describe('the assistant frame (§1, §4)', () => {
  const origin = 'http://console.example:8080';

  it('frames the configured page with the service id (and the UI language) as query parameters', () => {
    expect(assistantFrameUrl('/assistant/index.html', 'argus-assistant', origin)).toBe(
      'http://console.example:8080/assistant/index.html?serviceId=argus-assistant',
    );
    expect(assistantFrameUrl('https://agent.example/chat?x=1', 'svc 1', origin, 'en')).toBe('https://agent.example/chat?x=1&serviceId=svc+1&lang=en');
  });

  it('has no frame without a usable http(s) address', () => {
    expect(assistantFrameUrl('', 'x', origin)).toBeNull();
    expect(assistantFrameUrl('javascript:alert(1)', 'x', origin)).toBeNull();
    expect(assistantFrameUrl('data:text/html,hi', 'x', origin)).toBeNull();
  });

  it('sandboxes a same-origin page without allow-same-origin, and lets another origin keep its own', () => {
    expect(assistantSandbox(`${origin}/assistant/index.html`, origin)).toBe('allow-scripts allow-forms');
    expect(assistantSandbox('https://agent.example/chat', origin)).toBe('allow-scripts allow-forms allow-same-origin');
  });
});

describe('the shell configuration', () => {
  it('reads the skin, version title, assistant and right-click from the system config', () => {
    expect(
      shellConfigOf({
        skin: 'custom',
        versionTitle: ' Argus V2 ',
        assistantUrl: '/assistant/index.html',
        assistantServiceId: 'svc',
        contextMenuEnabled: true,
      }),
    ).toEqual({ skin: 'custom', versionTitle: 'Argus V2', assistantUrl: '/assistant/index.html', assistantServiceId: 'svc', contextMenuEnabled: true });
  });

  it('falls back to the defaults', () => {
    expect(shellConfigOf(null)).toEqual(defaultShellConfig);
    expect(shellConfigOf({ skin: 'normal' })).toMatchObject({ skin: 'normal', versionTitle: '', contextMenuEnabled: false });
  });
});

describe('right-click (§2)', () => {
  afterEach(() => setSystemContextMenu(false));

  const rightClick = (target: Element) => {
    const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    target.dispatchEvent(event);
    return event.defaultPrevented;
  };

  it('is blocked outside inputs unless the runtime config or the system config allows it', () => {
    const remove = installContextMenuRule(false);
    const div = document.body.appendChild(document.createElement('div'));
    const input = document.body.appendChild(document.createElement('input'));
    const textarea = document.body.appendChild(document.createElement('textarea'));
    expect(rightClick(div)).toBe(true);
    expect(rightClick(input)).toBe(false);
    expect(rightClick(textarea)).toBe(false);
    setSystemContextMenu(true);
    expect(contextMenuAllowed()).toBe(true);
    expect(rightClick(div)).toBe(false);
    setSystemContextMenu(false);
    expect(rightClick(div)).toBe(true);
    remove();
    expect(rightClick(div)).toBe(false);
    installContextMenuRule(true)();
  });
});
