// Add or edit a role: name, remark and the modules it holds, chosen in a check tree with half-checked parents.
// The tree and the held ids come from getRoleMenuList; a new role starts from the whole tree with nothing held.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Input from 'rsuite/Input';
import Loader from 'rsuite/Loader';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Input/styles/index.css';
import 'rsuite/Loader/styles/index.css';
import { menuLabel } from '../../../app/menu.ts';
import { CheckTree } from '../../../components/tree/CheckTree.tsx';
import * as rules from '../../../domain/validators.ts';
import { Field, FormModal, fieldAria } from '../shared/FormModal.tsx';
import { useFormState } from '../shared/useFormState.ts';
import { useLoaded } from '../../../components/data/useLoaded.ts';
import { addRole, type MenuModule, type Role, updateRole } from './rolesApi.ts';
import '../shared/systemForms.css';
import { useSubmission } from '../../../components/dialog/useSubmission.ts';

interface RoleValues extends Record<string, unknown> {
  roleName: string;
  remark: string;
}

const FORM_ID = 'role-form';
const ORDER = ['roleName', 'remark'] as const;
/** The contract's bounds of the role form. */
const REMARK_MAX = 128;

export function validateRole(values: RoleValues) {
  return {
    roleName: rules.first(
      () => rules.required(values.roleName),
      () => rules.maxLength(values.roleName, rules.LENGTH.name),
    ),
    remark: rules.maxLength(values.remark, REMARK_MAX),
  };
}

export interface RoleFormModalProps {
  target: Role | 'new' | null;
  /** The module tree and what the target holds (none for a new role). */
  loadModules(target: Role | 'new'): Promise<{ moduleIds: number[]; tree: MenuModule[] }>;
  onClose(): void;
  onSaved(): void;
}

export function RoleFormModal({ target, loadModules, onClose, onSaved }: RoleFormModalProps) {
  const { t, i18n } = useTranslation('system');
  const form = useFormState<RoleValues>({ roleName: '', remark: '' }, validateRole, { order: ORDER, idPrefix: FORM_ID });
  const [held, setHeld] = useState<Set<number>>(new Set());
  const { busy, failure, setFailure, run } = useSubmission();
  const modules = useLoaded(async () => (target === null ? { moduleIds: [], tree: [] } : loadModules(target)), {
    moduleIds: [] as number[],
    tree: [] as MenuModule[],
  });
  const { reset } = form;
  const { reload } = modules;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new target starts the form over; reset/reload are stable in effect
  useEffect(() => {
    if (target === null) return;
    reset(target === 'new' ? { roleName: '', remark: '' } : { roleName: target.roleName, remark: target.remark });
    setFailure(null);
    reload();
  }, [target]);
  useEffect(() => setHeld(new Set(modules.data.moduleIds)), [modules.data]);

  const submit = async () => {
    if (!form.attempt() || target === null || modules.status !== 'ready') return;
    const input = { roleName: form.values.roleName.trim(), remark: form.values.remark.trim(), moduleIds: [...held].sort((a, b) => a - b) };
    await run(async () => {
      if (target === 'new') await addRole(input);
      else await updateRole(target.id, input);
      onSaved();
    });
  };

  const field = (name: (typeof ORDER)[number], required: boolean) => {
    const id = `${FORM_ID}-${name}`;
    return (
      <Field id={id} label={t(`roles.fields.${name}`)} required={required} problem={form.shown[name]} wide={name === 'remark'}>
        <Input
          {...fieldAria(id, form.shown[name], required)}
          value={form.values[name]}
          onChange={(value) => form.set(name, value)}
          onBlur={() => form.leave(name)}
        />
      </Field>
    );
  };

  return (
    <FormModal
      open={target !== null}
      title={target === 'new' ? t('roles.createTitle') : t('roles.editTitle', { name: target?.roleName ?? '' })}
      formId={FORM_ID}
      busy={busy}
      failure={failure}
      onClose={onClose}
      onSubmit={() => void submit()}
      size="md"
    >
      {field('roleName', true)}
      {field('remark', false)}
      <div className="system-field wide">
        <span className="system-field-label">{t('roles.fields.modules', { n: held.size })}</span>
        {modules.status === 'loading' ? <Loader content={t('status.loading', { ns: 'common' })} /> : null}
        {modules.status === 'error' ? (
          <div role="alert" className="tree-filter-state">
            <span>{t('table.loadFailed', { ns: 'common', reason: modules.error ?? '' })}</span>
            <Button size="xs" onClick={modules.reload}>
              {t('table.retry', { ns: 'common' })}
            </Button>
          </div>
        ) : null}
        {modules.status === 'ready' ? (
          <CheckTree
            nodes={modules.data.tree}
            held={held}
            onChange={setHeld}
            label={(module) => menuLabel(module, i18n.language)}
            // Modules are named in the user's language; their keys (group:home, historyEvent) are not for people.
            detail={(module) => (module.moduleType === 'button' ? t('menus.type.button') : undefined)}
            ariaLabel={t('roles.fields.modulesTree')}
          />
        ) : null}
      </div>
    </FormModal>
  );
}
