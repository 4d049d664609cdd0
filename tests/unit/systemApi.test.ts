// @vitest-environment node
// What the system screens put on the wire: role writes form-encoded with comma-separated module ids (spec §7),
// the avatar as multipart with the field `file`, and a refusal coming back as the server's message.
// Node's own fetch classes (not jsdom's), so the multipart body can be read back as the server would.
import type { Middleware } from 'openapi-fetch';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiFailure, api } from '../../src/api/client.ts';
import { addRole, deleteRole, formBody, updateRole } from '../../src/screens/system/roles/rolesApi.ts';
import { deleteUsers, uploadAvatar } from '../../src/screens/system/users/usersApi.ts';

const seen: Request[] = [];
let answer: (request: Request) => Response = () => Response.json({ code: 0, msg: 'ok', data: null });

// Answers in place of the network, recording each request as the client built it.
const fakeServer: Middleware = {
  onRequest({ request }) {
    seen.push(request.clone());
    return answer(request);
  },
};

beforeEach(() => {
  seen.length = 0;
  answer = () => Response.json({ code: 0, msg: 'ok', data: { id: 9 } });
  api.use(fakeServer);
});
afterEach(() => api.eject(fakeServer));

describe('role writes are form-encoded', () => {
  it('addRole sends name, remark and the module ids as one comma-separated field', async () => {
    expect(await addRole({ roleName: '值班 & 运维', remark: '', moduleIds: [1, 2, 5] })).toBe(9);
    const request = seen[0];
    expect(new URL(request.url).pathname).toBe('/role/addRole');
    expect(request.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    const body = new URLSearchParams(await request.text());
    expect(Object.fromEntries(body)).toEqual({ roleName: '值班 & 运维', remark: '', moduleIds: '1,2,5' });
  });

  it('updateRole and deleteRole carry the id as a form field; an empty module set is sent empty', async () => {
    await updateRole(3, { roleName: 'ops', remark: 'night shift', moduleIds: [] });
    await deleteRole(3);
    expect(Object.fromEntries(new URLSearchParams(await seen[0].text()))).toEqual({ id: '3', roleName: 'ops', remark: 'night shift', moduleIds: '' });
    expect(await seen[1].text()).toBe('id=3');
    expect(seen[1].headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
  });

  it('formBody writes every field as text and leaves undefined ones out', () => {
    expect(formBody({ id: 3, name: 'a b', gone: undefined })).toBe('id=3&name=a+b');
  });
});

describe('other calls', () => {
  it('uploads the avatar as multipart with the field `file` and answers the stored URL', async () => {
    answer = () => Response.json({ code: 0, msg: 'ok', data: { url: '/files/avatars/a.png' } });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    expect(await uploadAvatar(file)).toBe('/files/avatars/a.png');
    expect(seen[0].headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await seen[0].formData();
    expect((form.get('file') as File).name).toBe('me.png');
    expect((form.get('file') as File).size).toBe(4);
  });

  it('a refusal becomes an ApiFailure with the server message (deleting yourself: 409)', async () => {
    answer = () => Response.json({ code: 409, msg: '不能删除当前登录的用户' });
    const failure = await deleteUsers([1]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).code).toBe(409);
    expect((failure as ApiFailure).message).toBe('不能删除当前登录的用户');
    expect(await seen[0].json()).toEqual({ ids: [1] });
  });
});
