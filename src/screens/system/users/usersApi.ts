// Calls of the users screen (contract tags users and auth): one typed function per operation over the shared
// client. They are `quiet`: the screen shows a failure where it happened (in the dialog, in the table), so the
// global message area does not repeat it. A failure is thrown as ApiFailure with the server's message.
import { ApiFailure, api, orThrow } from '../../../api/client.ts';
import { type UploadWatch, watchUpload } from '../../../api/progressFetch.ts';
import type { ThirdLoginCode, User, UserCreateInput, UserUpdateInput } from '../../../api/schema.gen.ts';

export type { User, UserCreateInput, UserUpdateInput, ThirdLoginCode };

const quiet = true;

export interface UserFilter {
  keyword?: string;
  deptId?: number;
  roleId?: number;
  status?: 0 | 1;
}

export async function listUsers(filter: UserFilter, pageNo: number, pageSize: number, signal?: AbortSignal) {
  const page = await orThrow(api.post('/user/queryUserList', { body: { ...filter, pageNo, pageSize }, signal, quiet }));
  return page ?? { list: [], total: 0, pageNo, pageSize };
}

export async function createUser(body: UserCreateInput): Promise<number> {
  return (await orThrow(api.post('/user/createUser', { body, quiet })))?.id ?? 0;
}

export async function updateUser(body: UserUpdateInput): Promise<void> {
  await orThrow(api.post('/user/updateUser', { body, quiet }));
}

export async function deleteUsers(ids: number[]): Promise<void> {
  await orThrow(api.post('/user/deleteUser', { body: { ids }, quiet }));
}

export async function resetUserPassword(id: number, password: string, confirmPassword: string): Promise<void> {
  await orThrow(api.post('/user/resetPassword', { body: { id, password, confirmPassword }, quiet }));
}

export async function issueThirdLoginCode(userId: number, ttlSeconds: number): Promise<ThirdLoginCode> {
  const code = await orThrow(api.post('/user/thirdLoginCode', { body: { userId, ttlSeconds }, quiet }));
  if (!code) throw new ApiFailure(500, 'no code in the answer');
  return code;
}

/** Uploads an avatar (multipart, field `file`); answers the stored image's URL for the user's `avatar`. */
export async function uploadAvatar(file: File, watch?: UploadWatch): Promise<string> {
  const stored = await orThrow(
    api.post('/user/avatar', {
      // The contract types a binary field as string; the serializer sends the File itself.
      body: { file: file as unknown as string },
      bodySerializer: (body) => {
        const form = new FormData();
        form.append('file', body.file as unknown as Blob);
        return form;
      },
      quiet,
      ...watchUpload(watch),
    }),
  );
  if (!stored) throw new ApiFailure(500, 'no URL in the answer');
  return stored.url;
}
