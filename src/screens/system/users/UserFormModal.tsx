// Create or edit a user: §5 rules inline (name, department and role required; passwords match; phone digits and
// hyphen; ID card digits and X; the contract's lengths), avatar upload, status. The username and password are
// set at creation only (passwords change through "Reset password").
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import Input from 'rsuite/Input';
import Radio from 'rsuite/Radio';
import RadioGroup from 'rsuite/RadioGroup';
import SelectPicker from 'rsuite/SelectPicker';
import TreePicker from 'rsuite/TreePicker';
import 'rsuite/Input/styles/index.css';
import 'rsuite/Radio/styles/index.css';
import 'rsuite/RadioGroup/styles/index.css';
import 'rsuite/SelectPicker/styles/index.css';
import 'rsuite/TreePicker/styles/index.css';
import { toPickerData } from '../../../components/tree/treeUtils.ts';
import { PASSWORD_LENGTH } from '../../../domain/validators.ts';
import type { Dept } from '../depts/deptsApi.ts';
import type { Role } from '../roles/rolesApi.ts';
import { Field, FormModal, fieldAria } from '../shared/FormModal.tsx';
import { useFormState } from '../shared/useFormState.ts';
import { AvatarField } from './AvatarField.tsx';
import { emptyUser, fromUser, toCreateInput, toUpdateInput, USER_FIELD_ORDER, type UserFormValues, validateUser } from './userFormRules.ts';
import { createUser, type User, updateUser } from './usersApi.ts';
import { useSubmission } from '../../../components/dialog/useSubmission.ts';

export interface UserFormModalProps {
  /** null: closed; 'new': create (in `defaultDeptId`); a user: edit. */
  target: User | 'new' | null;
  defaultDeptId: number | null;
  depts: Dept[];
  roles: Role[];
  onClose(): void;
  onSaved(): void;
}

const FORM_ID = 'user-form';

export function UserFormModal({ target, defaultDeptId, depts, roles, onClose, onSaved }: UserFormModalProps) {
  const { t } = useTranslation('system');
  const mode = target === 'new' ? 'create' : 'edit';
  const form = useFormState<UserFormValues>(emptyUser(), (values) => validateUser(values, mode), {
    order: USER_FIELD_ORDER,
    idPrefix: FORM_ID,
  });
  const { busy, failure, setFailure, run } = useSubmission();
  const { reset } = form;

  // A new target starts from its own values (or an empty user in the department being viewed).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset is stable in effect; only the target matters
  useEffect(() => {
    if (target === null) return;
    reset(target === 'new' ? emptyUser(defaultDeptId) : fromUser(target));
    setFailure(null);
  }, [target]);

  const submit = async () => {
    if (!form.attempt() || target === null) return;
    await run(async () => {
      if (target === 'new') await createUser(toCreateInput(form.values));
      else await updateUser(toUpdateInput(target.id, form.values));
      onSaved();
    });
  };

  const { values, shown } = form;
  const id = (field: string) => `${FORM_ID}-${field}`;
  // No maxlength on the inputs: a pasted value that is too long shows the rule instead of being cut silently.
  const text = (field: 'username' | 'realName' | 'phone' | 'idCard' | 'email', required = false, type = 'text') => (
    <Field id={id(field)} label={t(`users.fields.${field}`)} required={required} problem={shown[field]}>
      <Input
        {...fieldAria(id(field), shown[field], required)}
        type={type}
        value={values[field]}
        onChange={(value) => form.set(field, value)}
        onBlur={() => form.leave(field)}
        autoComplete="off"
      />
    </Field>
  );
  const secret = (field: 'password' | 'confirmPassword') => (
    <Field id={id(field)} label={t(`users.fields.${field}`)} required problem={shown[field]} hint={t('users.passwordHint', PASSWORD_LENGTH)}>
      <Input
        {...fieldAria(id(field), shown[field], true)}
        type="password"
        value={values[field]}
        onChange={(value) => form.set(field, value)}
        onBlur={() => form.leave(field)}
        autoComplete="new-password"
      />
    </Field>
  );

  return (
    <FormModal
      open={target !== null}
      title={mode === 'create' ? t('users.createTitle') : t('users.editTitle', { name: target !== 'new' ? target?.username : '' })}
      formId={FORM_ID}
      busy={busy}
      failure={failure}
      onClose={onClose}
      onSubmit={() => void submit()}
      size="md"
    >
      {mode === 'create' ? (
        text('username', true)
      ) : (
        <Field id={id('username')} label={t('users.fields.username')}>
          <Input id={id('username')} value={values.username} disabled />
        </Field>
      )}
      {text('realName', true)}
      {mode === 'create' ? secret('password') : null}
      {mode === 'create' ? secret('confirmPassword') : null}
      <Field id={id('deptId')} label={t('users.fields.deptId')} required problem={shown.deptId}>
        <TreePicker
          id={id('deptId')}
          aria-labelledby={`${id('deptId')}-label`}
          data={toPickerData(depts, (dept) => dept.deptName)}
          value={values.deptId}
          onChange={(value) => form.set('deptId', typeof value === 'number' ? value : null)}
          onClose={() => form.leave('deptId')}
          defaultExpandAll
          block
          placeholder={t('users.pickDept')}
        />
      </Field>
      <Field id={id('roleId')} label={t('users.fields.roleId')} required problem={shown.roleId}>
        <SelectPicker
          id={id('roleId')}
          aria-labelledby={`${id('roleId')}-label`}
          data={roles.map((role) => ({ label: role.roleName, value: role.id }))}
          value={values.roleId}
          onChange={(value) => form.set('roleId', value)}
          onClose={() => form.leave('roleId')}
          searchable={roles.length > 8}
          block
          placeholder={t('users.pickRole')}
        />
      </Field>
      {text('phone')}
      {text('idCard')}
      {text('email', false, 'email')}
      <Field id={id('status')} label={t('users.fields.status')}>
        <RadioGroup
          aria-labelledby={`${id('status')}-label`}
          name="status"
          inline
          value={values.status}
          onChange={(value) => form.set('status', value === 0 ? 0 : 1)}
        >
          <Radio value={1}>{t('users.status.1')}</Radio>
          <Radio value={0}>{t('users.status.0')}</Radio>
        </RadioGroup>
      </Field>
      <AvatarField id={id('avatar')} url={values.avatar} onChange={(url) => form.set('avatar', url)} />
      <Field id={id('remark')} label={t('users.fields.remark')} problem={shown.remark} wide>
        <Input
          {...fieldAria(id('remark'), shown.remark)}
          as="textarea"
          rows={3}
          value={values.remark}
          onChange={(value) => form.set('remark', value)}
          onBlur={() => form.leave('remark')}
        />
      </Field>
    </FormModal>
  );
}
