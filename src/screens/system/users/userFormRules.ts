// The user form's values, its §5 rules and the bodies it sends (createUser / updateUser). Optional fields left
// empty are omitted, as the contract asks.
import * as rules from '../../../domain/validators.ts';
import { LENGTH } from '../../../domain/validators.ts';
import type { Problems } from '../shared/useFormState.ts';
import type { User, UserCreateInput, UserUpdateInput } from './usersApi.ts';

export interface UserFormValues extends Record<string, unknown> {
  username: string;
  realName: string;
  password: string;
  confirmPassword: string;
  deptId: number | null;
  roleId: number | null;
  phone: string;
  idCard: string;
  email: string;
  avatar: string;
  status: 0 | 1;
  remark: string;
}

export type UserField = Extract<keyof UserFormValues, string>;
export type UserFormMode = 'create' | 'edit';

export const USER_FIELD_ORDER: readonly UserField[] = [
  'username',
  'realName',
  'password',
  'confirmPassword',
  'deptId',
  'roleId',
  'phone',
  'idCard',
  'email',
  'status',
  'avatar',
  'remark',
];

export function emptyUser(deptId: number | null = null): UserFormValues {
  return {
    username: '',
    realName: '',
    password: '',
    confirmPassword: '',
    deptId,
    roleId: null,
    phone: '',
    idCard: '',
    email: '',
    avatar: '',
    status: 1,
    remark: '',
  };
}

export function fromUser(user: User): UserFormValues {
  return {
    ...emptyUser(user.deptId),
    username: user.username,
    realName: user.realName,
    roleId: user.roleId,
    phone: user.phone,
    idCard: user.idCard,
    email: user.email,
    avatar: user.avatar ?? '',
    status: user.status,
    remark: user.remark,
  };
}

export function validateUser(values: UserFormValues, mode: UserFormMode): Problems<UserField> {
  const problems: Problems<UserField> = {
    realName: rules.first(
      () => rules.required(values.realName),
      () => rules.maxLength(values.realName, LENGTH.name),
    ),
    deptId: rules.required(values.deptId),
    roleId: rules.required(values.roleId),
    phone: rules.first(
      () => rules.phone(values.phone),
      () => rules.maxLength(values.phone, LENGTH.phone),
    ),
    idCard: rules.first(
      () => rules.idCard(values.idCard),
      () => rules.maxLength(values.idCard, LENGTH.idCard),
    ),
    email: rules.first(
      () => rules.maxLength(values.email, LENGTH.email),
      () => rules.email(values.email),
    ),
    remark: rules.maxLength(values.remark, LENGTH.remark),
  };
  if (mode === 'create') {
    problems.username = rules.first(
      () => rules.required(values.username),
      () => rules.maxLength(values.username, LENGTH.name),
      () => rules.username(values.username),
    );
    problems.password = rules.password(values.password);
    problems.confirmPassword = rules.first(
      () => rules.required(values.confirmPassword),
      () => rules.passwordsMatch(values.password, values.confirmPassword),
    );
  }
  return problems;
}

/** The optional fields that are set (empty ones are left out). */
function optionalFields(values: UserFormValues) {
  const set = (text: string) => (text.trim() === '' ? undefined : text.trim());
  return {
    phone: set(values.phone),
    idCard: set(values.idCard)?.toUpperCase(),
    email: set(values.email),
    avatar: set(values.avatar),
    remark: set(values.remark),
  };
}

export function toCreateInput(values: UserFormValues): UserCreateInput {
  return {
    username: values.username.trim(),
    realName: values.realName.trim(),
    password: values.password,
    confirmPassword: values.confirmPassword,
    deptId: values.deptId ?? 0,
    roleId: values.roleId ?? 0,
    status: values.status,
    ...optionalFields(values),
  };
}

export function toUpdateInput(id: number, values: UserFormValues): UserUpdateInput {
  return {
    id,
    realName: values.realName.trim(),
    deptId: values.deptId ?? 0,
    roleId: values.roleId ?? 0,
    status: values.status,
    ...optionalFields(values),
  };
}
