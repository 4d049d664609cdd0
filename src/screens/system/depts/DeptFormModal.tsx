// Add a department (at the top or under a parent) or edit one — including moving it under another parent; the
// parent picker never offers the department itself or its own sub-departments.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import Input from 'rsuite/Input';
import TreePicker from 'rsuite/TreePicker';
import 'rsuite/Input/styles/index.css';
import 'rsuite/TreePicker/styles/index.css';
import { toPickerData } from '../../../components/tree/treeUtils.ts';
import * as rules from '../../../domain/validators.ts';
import { Field, FormModal, fieldAria } from '../shared/FormModal.tsx';
import { useFormState } from '../shared/useFormState.ts';
import { addDept, type Dept, updateDept } from './deptsApi.ts';
import { useSubmission } from '../../../components/dialog/useSubmission.ts';

interface DeptValues extends Record<string, unknown> {
  parentId: number;
  deptName: string;
  leader: string;
  phone: string;
  sort: string;
}

const FORM_ID = 'dept-form';
const ORDER = ['parentId', 'deptName', 'leader', 'phone', 'sort'] as const;

export function validateDept(values: DeptValues) {
  return {
    deptName: rules.first(
      () => rules.required(values.deptName),
      () => rules.maxLength(values.deptName, rules.LENGTH.name),
    ),
    leader: rules.maxLength(values.leader, rules.LENGTH.name),
    phone: rules.first(
      () => rules.phone(values.phone),
      () => rules.maxLength(values.phone, rules.LENGTH.phone),
    ),
    sort: rules.integerBetween(values.sort, 0, 9999),
  };
}

/** What the dialog is for: a new department under `parentId` (0 = top level), or an existing one. */
export type DeptTarget = { kind: 'new'; parentId: number } | { kind: 'edit'; dept: Dept } | null;

export function DeptFormModal({ target, tree, onClose, onSaved }: { target: DeptTarget; tree: Dept[]; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation('system');
  const empty: DeptValues = { parentId: 0, deptName: '', leader: '', phone: '', sort: '0' };
  const form = useFormState<DeptValues>(empty, validateDept, { order: ORDER, idPrefix: FORM_ID });
  const { busy, failure, setFailure, run } = useSubmission();
  const { reset } = form;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new target starts the form over
  useEffect(() => {
    if (!target) return;
    if (target.kind === 'new') reset({ ...empty, parentId: target.parentId });
    else {
      const { dept } = target;
      reset({ parentId: dept.parentId, deptName: dept.deptName, leader: dept.leader, phone: dept.phone, sort: String(dept.sort) });
    }
    setFailure(null);
  }, [target]);

  const submit = async () => {
    if (!form.attempt() || !target) return;
    const { values } = form;
    const body = {
      parentId: values.parentId,
      deptName: values.deptName.trim(),
      leader: values.leader.trim(),
      phone: values.phone.trim(),
      sort: Number(values.sort),
    };
    await run(async () => {
      if (target.kind === 'new') await addDept(body);
      else await updateDept(target.dept.id, body);
      onSaved();
    });
  };

  const id = (name: string) => `${FORM_ID}-${name}`;
  const text = (name: 'deptName' | 'leader' | 'phone' | 'sort', required = false) => (
    <Field id={id(name)} label={t(`depts.fields.${name}`)} required={required} problem={form.shown[name]}>
      <Input
        {...fieldAria(id(name), form.shown[name], required)}
        inputMode={name === 'sort' ? 'numeric' : undefined}
        value={form.values[name]}
        onChange={(value) => form.set(name, value)}
        onBlur={() => form.leave(name)}
      />
    </Field>
  );
  const editing = target?.kind === 'edit' ? target.dept : null;
  const parents = [{ label: t('depts.topLevel'), value: 0 }, ...toPickerData(tree, (dept) => dept.deptName, editing?.id)];

  return (
    <FormModal
      open={target !== null}
      title={editing ? t('depts.editTitle', { name: editing.deptName }) : t('depts.createTitle')}
      formId={FORM_ID}
      busy={busy}
      failure={failure}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      {text('deptName', true)}
      <Field id={id('parentId')} label={t('depts.fields.parentId')}>
        <TreePicker
          id={id('parentId')}
          aria-labelledby={`${id('parentId')}-label`}
          data={parents}
          value={form.values.parentId}
          onChange={(value) => form.set('parentId', typeof value === 'number' ? value : 0)}
          defaultExpandAll
          cleanable={false}
          block
        />
      </Field>
      {text('leader')}
      {text('phone')}
      {text('sort')}
    </FormModal>
  );
}
