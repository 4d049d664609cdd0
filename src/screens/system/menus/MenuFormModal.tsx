// Add or edit a menu module: Chinese and English names, the number (route key of a menu, permission key of a
// button), type, icon, description (typeIds passed to the screen), order and visibility, and its parent. The
// parent picker offers menus only (buttons hold no children) and never the module's own subtree. A module shows in
// a user's menu only when the user's role holds it: a new one can be given to the editor's own role as it is
// created (for holders of role management), otherwise the form says where roles get it.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import Checkbox from 'rsuite/Checkbox';
import Input from 'rsuite/Input';
import Radio from 'rsuite/Radio';
import RadioGroup from 'rsuite/RadioGroup';
import TreePicker from 'rsuite/TreePicker';
import 'rsuite/Checkbox/styles/index.css';
import 'rsuite/Input/styles/index.css';
import 'rsuite/Radio/styles/index.css';
import 'rsuite/RadioGroup/styles/index.css';
import 'rsuite/TreePicker/styles/index.css';
import { menuLabel } from '../../../app/menu.ts';
import { usePermission } from '../../../app/permissions.tsx';
import { selectUser, useSession } from '../../../app/session.tsx';
import { toPickerData } from '../../../components/tree/treeUtils.ts';
import * as rules from '../../../domain/validators.ts';
import { Field, FormModal, fieldAria } from '../shared/FormModal.tsx';
import { useFormState } from '../shared/useFormState.ts';
import { addModule, type MenuModule, type ModuleInput, updateModule } from './menusApi.ts';
import '../shared/systemForms.css';
import '../shared/systemScreens.css';
import { useSubmission } from '../../../components/dialog/useSubmission.ts';

interface MenuValues extends Record<string, unknown> {
  parentId: number;
  moduleName: string;
  moduleNameEn: string;
  moduleNumber: string;
  moduleType: 'menu' | 'button';
  moduleIcon: string;
  moduleDescription: string;
  sort: string;
  visible: boolean;
  /** New modules: give it to the editor's own role as it is created. */
  grantToMyRole: boolean;
}

const FORM_ID = 'menu-form';
const ORDER = ['moduleName', 'moduleNameEn', 'moduleNumber', 'moduleType', 'parentId', 'moduleIcon', 'moduleDescription', 'sort', 'visible'] as const;
/** The contract's bounds of a module (MenuModule / ModuleInput). */
const BOUNDS = { name: 32, nameEn: 64, number: 64, icon: 64, description: 500 } as const;

export function validateModule(values: MenuValues) {
  return {
    moduleName: rules.first(
      () => rules.required(values.moduleName),
      () => rules.maxLength(values.moduleName, BOUNDS.name),
    ),
    moduleNameEn: rules.first(
      () => rules.required(values.moduleNameEn),
      () => rules.maxLength(values.moduleNameEn, BOUNDS.nameEn),
    ),
    moduleNumber: rules.first(
      () => rules.required(values.moduleNumber),
      () => rules.maxLength(values.moduleNumber, BOUNDS.number),
      () => rules.moduleNumber(values.moduleNumber),
    ),
    moduleIcon: rules.maxLength(values.moduleIcon, BOUNDS.icon),
    moduleDescription: rules.first(
      () => rules.maxLength(values.moduleDescription, BOUNDS.description),
      () => rules.typeIds(values.moduleDescription),
    ),
    sort: rules.integerBetween(values.sort, 0, 9999),
  };
}

function menusOnly(nodes: readonly MenuModule[]): MenuModule[] {
  return nodes.filter((node) => node.moduleType === 'menu').map((node) => ({ ...node, children: menusOnly(node.children) }));
}

/**
 * A new module's default order: after its last sibling. Order 0 would put a new top-level menu first, and the first
 * menu item is every user's main page (§2) — a new, perhaps unrouted, module would become it.
 */
export function nextSort(tree: readonly MenuModule[], parentId: number): number {
  const find = (nodes: readonly MenuModule[]): MenuModule | undefined => {
    for (const node of nodes) {
      if (node.id === parentId) return node;
      const below = find(node.children);
      if (below) return below;
    }
    return undefined;
  };
  const siblings = parentId === 0 ? tree : (find(tree)?.children ?? []);
  const last = Math.max(0, ...siblings.map((node) => node.sort));
  return Math.min(9999, siblings.length ? last + 10 : 0);
}

export type MenuTarget = { kind: 'new'; parentId: number } | { kind: 'edit'; module: MenuModule } | null;

const EMPTY: MenuValues = {
  parentId: 0,
  moduleName: '',
  moduleNameEn: '',
  moduleNumber: '',
  moduleType: 'menu',
  moduleIcon: '',
  moduleDescription: '',
  sort: '0',
  visible: true,
  grantToMyRole: true,
};

interface MenuFormProps {
  target: MenuTarget;
  tree: MenuModule[];
  onClose(): void;
  /** `granted`: a new module was given to the editor's role (it shows in their menu). */
  onSaved(granted: boolean): void;
}

export function MenuFormModal({ target, tree, onClose, onSaved }: MenuFormProps) {
  const { t, i18n } = useTranslation('system');
  const me = useSession(selectUser);
  const canGrant = usePermission()('roleConfig') && me !== null;
  const form = useFormState<MenuValues>(EMPTY, validateModule, { order: ORDER, idPrefix: FORM_ID });
  const { busy, failure, setFailure, run } = useSubmission();
  const { reset } = form;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new target starts the form over
  useEffect(() => {
    if (!target) return;
    if (target.kind === 'new') reset({ ...EMPTY, parentId: target.parentId, sort: String(nextSort(tree, target.parentId)) });
    else {
      const { module } = target;
      reset({ ...module, sort: String(module.sort), grantToMyRole: false });
    }
    setFailure(null);
  }, [target]);

  const submit = async () => {
    if (!form.attempt() || !target) return;
    const { values } = form;
    const body: ModuleInput = {
      parentId: values.parentId,
      moduleName: values.moduleName.trim(),
      moduleNameEn: values.moduleNameEn.trim(),
      moduleNumber: values.moduleNumber.trim(),
      moduleType: values.moduleType,
      moduleIcon: values.moduleIcon.trim(),
      moduleDescription: values.moduleDescription.replace(/\s+/g, '').replace(/,$/, ''),
      sort: Number(values.sort),
      visible: values.visible,
    };
    await run(async () => {
      const grant = target.kind === 'new' && canGrant && values.grantToMyRole;
      if (target.kind === 'new') await addModule(body, grant && me ? [me.roleId] : []);
      else await updateModule(target.module.id, body);
      onSaved(grant);
    });
  };

  const id = (name: string) => `${FORM_ID}-${name}`;
  type TextField = 'moduleName' | 'moduleNameEn' | 'moduleNumber' | 'moduleIcon' | 'moduleDescription' | 'sort';
  const text = (name: TextField, options: { required?: boolean; hint?: string; wide?: boolean } = {}) => (
    <Field id={id(name)} label={t(`menus.fields.${name}`)} required={options.required} problem={form.shown[name]} hint={options.hint} wide={options.wide}>
      <Input
        {...fieldAria(id(name), form.shown[name], options.required)}
        value={form.values[name]}
        onChange={(value) => form.set(name, value)}
        onBlur={() => form.leave(name)}
      />
    </Field>
  );
  const editing = target?.kind === 'edit' ? target.module : null;
  const parents = [
    { label: t('menus.topLevel'), value: 0 },
    ...toPickerData(menusOnly(tree), (module) => menuLabel(module, i18n.language), editing?.id),
  ];

  return (
    <FormModal
      open={target !== null}
      title={editing ? t('menus.editTitle', { name: menuLabel(editing, i18n.language) }) : t('menus.createTitle')}
      formId={FORM_ID}
      busy={busy}
      failure={failure}
      onClose={onClose}
      onSubmit={() => void submit()}
      size="md"
    >
      {text('moduleName', { required: true })}
      {text('moduleNameEn', { required: true })}
      {text('moduleNumber', { required: true, hint: t('menus.numberHint') })}
      <Field id={id('moduleType')} label={t('menus.fields.moduleType')}>
        <RadioGroup
          aria-labelledby={`${id('moduleType')}-label`}
          name="moduleType"
          inline
          value={form.values.moduleType}
          onChange={(value) => form.set('moduleType', value === 'button' ? 'button' : 'menu')}
        >
          <Radio value="menu">{t('menus.type.menu')}</Radio>
          <Radio value="button">{t('menus.type.button')}</Radio>
        </RadioGroup>
      </Field>
      <Field id={id('parentId')} label={t('menus.fields.parentId')}>
        <TreePicker
          id={id('parentId')}
          aria-labelledby={`${id('parentId')}-label`}
          data={parents}
          value={form.values.parentId}
          onChange={(value) => form.set('parentId', typeof value === 'number' ? value : 0)}
          cleanable={false}
          block
        />
      </Field>
      {text('moduleIcon', { hint: t('menus.iconHint') })}
      {text('sort')}
      <Field id={id('visible')} label={t('menus.fields.visible')}>
        <Checkbox inputProps={{ id: id('visible') }} checked={form.values.visible} onChange={(_, checked) => form.set('visible', checked)}>
          {t('menus.visibleLabel')}
        </Checkbox>
      </Field>
      {text('moduleDescription', { hint: t('menus.descriptionHint'), wide: true })}
      {target?.kind === 'new' && canGrant && me ? (
        <Field id={id('grantToMyRole')} label={t('menus.fields.roles')} wide hint={t('menus.grantHint')}>
          <Checkbox
            inputProps={{ id: id('grantToMyRole') }}
            checked={form.values.grantToMyRole}
            onChange={(_, checked) => form.set('grantToMyRole', checked)}
          >
            {t('menus.grantToMyRole', { role: me.roleName })}
          </Checkbox>
        </Field>
      ) : null}
      {target?.kind === 'new' && !canGrant ? <p className="system-muted system-field wide">{t('menus.noGrantRight')}</p> : null}
    </FormModal>
  );
}
