// The outbound allow-list's rules without a server: every spelling of an address is read as a resolver reads it and
// classified; each purpose refuses what it must; allowed hosts (names, IPs, ranges) pass; names are checked by what
// they resolve to, at save time and when a socket connects.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { classifyIp, formatIp, parseCidr, cidrContains, parseIp } from '../../server/http/ipAddress.ts';
import {
  checkOutboundTarget,
  checkOutboundUrl,
  describeStoredError,
  guardedLookup,
  normaliseAllowedHost,
  type OutboundPolicy,
  OutboundRefused,
  pinOutboundUrl,
  resolver,
} from '../../server/http/outbound.ts';

const NONE: OutboundPolicy = { allowedHosts: [] };
const realLookup = resolver.lookup;
afterEach(() => {
  resolver.lookup = realLookup;
});

/** The refusal a check throws (or null when it passes). */
async function refusal(run: () => unknown): Promise<OutboundRefused | null> {
  try {
    await run();
    return null;
  } catch (error) {
    if (error instanceof OutboundRefused) return error;
    throw error;
  }
}

describe('addresses in every spelling', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1', 'loopback'],
    ['2130706433', '127.0.0.1', 'loopback'],
    ['0x7f000001', '127.0.0.1', 'loopback'],
    ['0x7F.1', '127.0.0.1', 'loopback'],
    ['0177.0.0.1', '127.0.0.1', 'loopback'],
    ['017700000001', '127.0.0.1', 'loopback'],
    ['127.1', '127.0.0.1', 'loopback'],
    ['127.0.0.1.', '127.0.0.1', 'loopback'],
    ['[::1]', '::1', 'loopback'],
    ['::ffff:127.0.0.1', '::ffff:7f00:1', 'loopback'],
    ['[::ffff:7f00:1]', '::ffff:7f00:1', 'loopback'],
    ['::127.0.0.1', '::7f00:1', 'loopback'],
    ['64:ff9b::169.254.169.254', '64:ff9b::a9fe:a9fe', 'linkLocal'],
    ['2002:a9fe:a9fe::1', '2002:a9fe:a9fe::1', 'linkLocal'],
    ['0', '0.0.0.0', 'unspecified'],
    ['0.0.0.0', '0.0.0.0', 'unspecified'],
    ['[::]', '::', 'unspecified'],
    ['169.254.169.254', '169.254.169.254', 'linkLocal'],
    ['2852039166', '169.254.169.254', 'linkLocal'],
    ['fe80::1%eth0', 'fe80::1', 'linkLocal'],
    ['10.1.2.3', '10.1.2.3', 'private'],
    ['172.31.255.1', '172.31.255.1', 'private'],
    ['192.168.1.10', '192.168.1.10', 'private'],
    ['fd12:3456::1', 'fd12:3456::1', 'uniqueLocal'],
    ['100.64.0.1', '100.64.0.1', 'sharedAddress'],
    ['224.0.0.251', '224.0.0.251', 'multicast'],
    ['ff02::1', 'ff02::1', 'multicast'],
    ['255.255.255.255', '255.255.255.255', 'broadcast'],
    ['240.0.0.1', '240.0.0.1', 'reserved'],
    ['93.184.216.34', '93.184.216.34', 'public'],
    ['2606:2800:220:1::1', '2606:2800:220:1::1', 'public'],
    ['172.32.0.1', '172.32.0.1', 'public'],
  ])('%s is %s, %s', (text, canonical, addressClass) => {
    const ip = parseIp(text);
    expect(ip).not.toBeNull();
    expect(formatIp(ip!)).toBe(canonical);
    expect(classifyIp(ip!)).toBe(addressClass);
  });

  it.each(['example.com', '08.1.1.1', '1.2.3.4.5', '256.1.1.1', '1.16777216', 'cafe', '::1::2', '1:2:3:4:5:6:7:8:9', ''])('%s is no address', (text) => {
    expect(parseIp(text)).toBeNull();
  });

  it('matches ranges, IPv4 ranges also on the IPv6 forms that carry an IPv4 address', () => {
    expect(cidrContains(parseCidr('10.0.0.0/8')!, parseIp('10.9.8.7')!)).toBe(true);
    expect(cidrContains(parseCidr('10.0.0.0/8')!, parseIp('11.0.0.1')!)).toBe(false);
    expect(cidrContains(parseCidr('127.0.0.1')!, parseIp('::ffff:127.0.0.1')!)).toBe(true);
    expect(cidrContains(parseCidr('fd00::/8')!, parseIp('fd12::1')!)).toBe(true);
    expect(cidrContains(parseCidr('172.16.0.0/12')!, parseIp('172.32.0.1')!)).toBe(false);
    expect(parseCidr('10.0.0.0/33')).toBeNull();
  });
});

describe('purposes', () => {
  it('refuses internal addresses for pushes and fetched images, in every spelling and scheme case', async () => {
    for (const host of ['127.0.0.1', '2130706433', '0x7f000001', '0177.0.0.1', '127.1', '[::1]', '[::ffff:127.0.0.1]', '0.0.0.0', '169.254.169.254', '10.0.0.1', '[fd00::1]', '100.64.1.1', '224.0.0.1', '127.0.0.1.']) {
      for (const purpose of ['push', 'image', 'labelStudio'] as const) {
        const refused = await refusal(() => checkOutboundTarget(`HTTP://${host}:8080/hook`, purpose, NONE));
        expect(refused?.reason, `${purpose} ${host}`).toBe('address');
      }
    }
    expect((await refusal(() => checkOutboundTarget('ftp://example.com/x', 'push', NONE)))?.detail).toMatchObject({ scheme: 'ftp', allowed: 'http, https' });
    expect((await refusal(() => checkOutboundTarget('not a url', 'push', NONE)))?.reason).toBe('badUrl');
  });

  it('lets cameras reach private LANs but not loopback, link-local or unspecified hosts, nor rtmp or gopher', async () => {
    expect(await refusal(() => checkOutboundTarget('rtsp://192.168.1.64:554/Streaming/Channels/101', 'camera', NONE))).toBeNull();
    expect(await refusal(() => checkOutboundTarget('rtsp://admin:pw@10.0.0.9/live', 'camera', NONE))).toBeNull();
    // The URL parser does not read the host of rtsp:// as an IPv4 address: the check does.
    for (const host of ['2130706433', '0x7f000001', '127.1', '[::1]', '169.254.169.254', '0', '0.0.0.0', '239.1.1.1']) {
      expect((await refusal(() => checkOutboundTarget(`rtsp://${host}:554/x`, 'camera', NONE)))?.reason, host).toBe('address');
    }
    expect((await refusal(() => checkOutboundTarget('rtmp://10.0.0.9/live', 'camera', NONE)))?.reason).toBe('scheme');
    expect((await refusal(() => checkOutboundTarget('gopher://10.0.0.9/', 'camera', NONE)))?.reason).toBe('scheme');
  });

  it('takes file: camera URLs only under the media root the caller names (links followed)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'argus-media-'));
    mkdirSync(join(root, 'clips'));
    writeFileSync(join(root, 'clips', 'a.mp4'), 'x');
    symlinkSync('/etc/passwd', join(root, 'escape.mp4'));
    const policy = { allowedHosts: [], mediaRoot: root };
    expect((await refusal(() => checkOutboundTarget(`file://${root}/clips/a.mp4`, 'camera', policy)))).toBeNull();
    expect((await refusal(() => checkOutboundTarget(`file://${root}/../etc/passwd`, 'camera', policy)))?.reason).toBe('fileOutsideRoot');
    expect((await refusal(() => checkOutboundTarget(`file://${root}/escape.mp4`, 'camera', policy)))?.reason).toBe('fileOutsideRoot');
    expect((await refusal(() => checkOutboundTarget(`file://${root}/clips/a.mp4`, 'camera', NONE)))?.reason).toBe('noMediaRoot');
    expect((await refusal(() => checkOutboundTarget(`file://${root}/clips/a.mp4`, 'push', policy)))?.reason).toBe('scheme');
  });

  it('passes a host the administrator allows, by name, by address or by range', async () => {
    expect(await refusal(() => checkOutboundTarget('http://127.0.0.1:9000/', 'push', { allowedHosts: ['127.0.0.1'] }))).toBeNull();
    expect(await refusal(() => checkOutboundTarget('http://2130706433:9000/', 'push', { allowedHosts: ['127.0.0.0/8'] }))).toBeNull();
    expect(await refusal(() => checkOutboundTarget('http://[::ffff:10.1.1.1]/', 'push', { allowedHosts: ['10.0.0.0/8'] }))).toBeNull();
    resolver.lookup = async () => ['10.1.2.3'];
    expect(await refusal(() => checkOutboundUrl('http://receiver.lan/hook', 'push', { allowedHosts: ['Receiver.LAN.'] }))).toBeNull();
    expect((await refusal(() => checkOutboundUrl('http://other.lan/hook', 'push', { allowedHosts: ['receiver.lan'] })))?.detail).toMatchObject({
      host: 'other.lan',
      address: '10.1.2.3',
      addressClass: 'private',
    });
    expect(normaliseAllowedHost(' Receiver.LAN. ')).toBe('receiver.lan');
    expect(normaliseAllowedHost('0x7f000001')).toBe('127.0.0.1');
    expect(normaliseAllowedHost('10.1.2.3/8')).toBe('10.1.2.3/8');
    expect(normaliseAllowedHost('[::1]')).toBe('::1');
    expect(normaliseAllowedHost('a b')).toBeNull();
    expect(normaliseAllowedHost('10.0.0.0/40')).toBeNull();
  });
});

describe('names', () => {
  it('refuses a name by what it resolves to (every address), and one that does not resolve', async () => {
    resolver.lookup = async (host) => (host === 'metadata.test' ? ['169.254.169.254'] : host === 'mixed.test' ? ['93.184.216.34', '127.0.0.1'] : host === 'ok.test' ? ['93.184.216.34'] : Promise.reject(new Error('ENOTFOUND')));
    expect((await refusal(() => checkOutboundUrl('http://metadata.test/latest', 'push', NONE)))?.detail).toMatchObject({ addressClass: 'linkLocal', address: '169.254.169.254' });
    expect((await refusal(() => checkOutboundUrl('http://mixed.test/', 'image', NONE)))?.detail).toMatchObject({ addressClass: 'loopback' });
    expect((await refusal(() => checkOutboundUrl('http://nowhere.test/', 'push', NONE)))?.reason).toBe('unresolvable');
    expect((await checkOutboundUrl('http://ok.test/', 'push', NONE)).addresses.map(formatIp)).toEqual(['93.184.216.34']);
  });

  it('refuses at connect time a name that resolves to a refused address by then', async () => {
    let answer = ['93.184.216.34'];
    resolver.lookup = async () => answer;
    expect(await refusal(() => checkOutboundUrl('http://rebind.test/', 'push', NONE))).toBeNull();
    answer = ['127.0.0.1'];
    const lookup = guardedLookup('push', NONE);
    const result = await new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      lookup('rebind.test', { all: true }, (error, address) => resolve({ error, address })),
    );
    expect(result.error).toBeInstanceOf(OutboundRefused);
    expect((result.error as OutboundRefused).detail).toMatchObject({ host: 'rebind.test', address: '127.0.0.1', addressClass: 'loopback' });
    answer = ['93.184.216.34', '2606:2800:220:1::1'];
    const v4 = await new Promise<unknown>((resolve) => lookup('rebind.test', { family: 4 }, (_e, address, family) => resolve([address, family])));
    expect(v4).toEqual(['93.184.216.34', 4]);
  });

  it('pins a camera URL to the address it checked, for clients that resolve names themselves', async () => {
    resolver.lookup = async () => ['192.168.5.20'];
    expect(await pinOutboundUrl('rtsp://u:p@cam-7.site/stream1', 'camera', NONE)).toEqual({ url: 'rtsp://u:p@192.168.5.20/stream1', host: 'cam-7.site', address: '192.168.5.20' });
    resolver.lookup = async () => ['127.0.0.1'];
    expect((await refusal(() => pinOutboundUrl('rtsp://cam-7.site/stream1', 'camera', NONE)))?.reason).toBe('address');
  });
});

describe('messages', () => {
  it('says why in both languages, for a 400 and for a delivery log', () => {
    const refused = new OutboundRefused('address', { host: '2130706433', address: '127.0.0.1', addressClass: 'loopback' });
    const stored = refused.toStored();
    expect(describeStoredError(stored, 'en')).toBe(
      'refused by the outbound allow-list: 2130706433 is a loopback address (127.0.0.1), which the server does not call; an administrator can allow the host in "Allowed hosts of outbound calls"',
    );
    expect(describeStoredError(stored, 'zh')).toMatch(/^被出站白名单拒绝：2130706433 是本机回环地址（127\.0\.0\.1）/);
    expect(describeStoredError('HTTP 503', 'en')).toBe('HTTP 503');
    const error = refused.toApiError('pushUrl');
    expect(error.code).toBe(400);
    expect(error.params).toMatchObject({ field: 'pushUrl', addressClass: 'outbound.class.loopback' });
  });

  it('gives each class its own article in English ("an unspecified address", not "a unspecified")', () => {
    const said = (addressClass: 'unspecified' | 'uniqueLocal' | 'private') =>
      describeStoredError(new OutboundRefused('address', { host: 'h', address: '::', addressClass }).toStored(), 'en');
    expect(said('unspecified')).toMatch(/: h is an unspecified address \(::\)/);
    expect(said('uniqueLocal')).toMatch(/: h is a unique local IPv6 address \(::\)/);
    expect(said('private')).toMatch(/: h is a private address \(::\)/);
  });
});
