// Issue 8, security 6 and 7: credentials never reach the request log; the console, the API and stored files carry
// the headers that keep them safe in a browser.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, call, login } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let admin: string;
let staticDir: string;
const logLines: string[] = [];

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'argus-static-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Argus</title><div id="root"></div>');
  mkdirSync(join(staticDir, 'assistant'));
  writeFileSync(join(staticDir, 'assistant', 'index.html'), '<!doctype html><title>assistant</title>');
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  server = await startTestServer({ staticDir, logLevel: 'info' }, { logStream });
  admin = await login(server.app);
});
afterAll(async () => {
  await server?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

function csp(headers: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    String(headers['content-security-policy'] ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0], d.slice(d.indexOf(' ') + 1)]),
  );
}

describe('request log (6)', () => {
  it('redacts the websocket token and the third-login code from the logged URL', async () => {
    const token = await login(server.app);
    await server.app.inject({ method: 'GET', url: `/websocket/${Date.now()}_1?token=${token}&type=all` });
    const code = 'Secret-Third-Code-123';
    await server.app.inject({ method: 'POST', url: `/api/user/thirdLogin?code=${code}&moduleName=historyEvent` });
    const text = logLines.join('\n');
    expect(text).toContain('/websocket/');
    expect(text).toContain('thirdLogin?code=***&moduleName=historyEvent');
    expect(text).toContain('token=***&type=all');
    expect(text).not.toContain(token);
    expect(text).not.toContain(code);
    // No answer body with a token is logged either.
    expect(text).not.toContain(admin);
  });
});

describe('console pages (7)', () => {
  it('carry CSP, frame-ancestors none, X-Frame-Options DENY, nosniff and a referrer policy', async () => {
    for (const url of ['/', '/login', '/historyEvent']) {
      const res = await server.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      const policy = csp(res.headers);
      expect(policy['default-src']).toBe("'self'");
      expect(policy['script-src']).toBe("'self' 'unsafe-eval'");
      expect(policy['style-src']).toBe("'self' 'unsafe-inline'");
      expect(policy['img-src']).toBe("'self' data: blob:");
      expect(policy['worker-src']).toBe("'self' blob:");
      expect(policy['object-src']).toBe("'none'");
      expect(policy['frame-ancestors']).toBe("'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
    }
  });

  it('lets the console frame its local assistant stand-in, and nothing else frame anything', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/assistant/index.html' });
    const policy = csp(res.headers);
    expect(policy['frame-ancestors']).toBe("'self'");
    expect(policy['script-src']).toBe('http://localhost:80/assistant/ https://localhost:80/assistant/');
    expect(policy['default-src']).toBe("'none'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('takes frame-src, connect-src and media-src from the configured assistant, websocket and sound', async () => {
    const saved = await call(server.app, 'PUT', '/config/updateConfigMap', {
      token: admin,
      body: { assistantUrl: 'https://agent.example.com/chat?x=1', websocketServer: 'push.example.com', websocketPort: 9443, audioUrl: 'https://cdn.example.com/a.mp3' },
    });
    expect(saved.json.code, saved.json.msg).toBe(0);
    const res = await server.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const policy = csp(res.headers);
    expect(policy['frame-src']).toBe("'self' https://agent.example.com");
    expect(policy['connect-src']).toBe("'self' ws://push.example.com:9443 wss://push.example.com:9443");
    expect(policy['media-src']).toBe("'self' blob: https://cdn.example.com");
    // A value that tries to add a directive adds nothing.
    await call(server.app, 'PUT', '/config/updateConfigMap', { token: admin, body: { assistantUrl: "https://a.example.com; script-src 'unsafe-inline'", websocketServer: '', websocketPort: null, audioUrl: '/audio/alarm.mp3' } });
    const after = csp((await server.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })).headers);
    expect(after['script-src']).toBe("'self' 'unsafe-eval'");
    expect(after['frame-src']).toBe("'self'");
    expect(after['connect-src']).toBe("'self'");
  });
});

describe('API answers (7)', () => {
  it('are nosniff and no-store, sign-in results included', async () => {
    const res = await call(server.app, 'POST', '/user/login', { body: ADMIN });
    expect(res.json.token).toBeTypeOf('string');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const third = await call(server.app, 'POST', '/user/thirdLoginCode', { token: admin, body: { userId: 2, ttlSeconds: 60 } });
    expect(third.headers['cache-control']).toBe('no-store');
    const used = await call(server.app, 'POST', '/user/thirdLogin', { query: { code: third.json.data.code } });
    expect(used.json.token).toBeTypeOf('string');
    expect(used.headers['cache-control']).toBe('no-store');
  });
});

describe('stored files (7)', () => {
  it('serve images inline with nosniff and a sandboxing CSP, anything else as an attachment', async () => {
    const files = join(server.config.dataDir, 'files', 'probe');
    mkdirSync(files, { recursive: true });
    writeFileSync(join(files, 'a.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
    writeFileSync(join(files, 'b.html'), '<script>alert(1)</script>');
    writeFileSync(join(files, 'c.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const png = await server.app.inject({ method: 'GET', url: '/files/probe/a.png' });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['x-content-type-options']).toBe('nosniff');
    expect(csp(png.headers).sandbox).toBeDefined();
    expect(png.headers['content-disposition']).toBeUndefined();
    for (const url of ['/files/probe/b.html', '/files/probe/c.svg']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('application/octet-stream');
      expect(res.headers['content-disposition'], url).toBe('attachment');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(csp(res.headers)['default-src']).toBe("'none'");
    }
  });
});
