/**
 * 新建菜单 / 编辑菜单 (jnpf-wire-areas.md §1.8): the parent from the application's directories
 * (Menu/Selector, without the menu edited and what is below it) under the client's 顶级节点
 * '-1'; name, code, icon with its background colour; the type of the category (Web or App) and
 * what depends on it — the address with its link target for 页面 and 外链, the related module
 * for 功能, 字典, 报表, 大屏 and 门户 (a dictionary's isTree copied from the chosen category),
 * the permission items (all four on for 页面, 功能 and 字典 when the type is chosen) —, sort,
 * state and description. Whether a field is required, and its messages, are the rules core's
 * menu rules, checked as the user types and before the request; the server's per-field
 * refusal shows under the field it names.
 */
import { useEffect, useMemo, useState } from 'react';
import { Checkbox, Form, Input, Select, Space, TreeSelect, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { getDictionaryTypes, type DictionaryTypeNode } from '@/api/dictionary';
import { createMenu, getMenu, getMenuSelector, updateMenu, type MenuCategory, type MenuInfo, type MenuPickerNode } from '@/api/menu';
import { EntityFormDialog } from '@/components/EntityFormDialog';
import type { EntityRules } from '@/hooks/useEntityRules';
import { ColorInput } from './ColorInput';
import { IconInput } from './IconInput';
import {
  AUTHORIZE_FLAGS,
  MENU_TYPES,
  MODULE_TYPES,
  TOP,
  defaultAuthorize,
  defaultLinkTarget,
  menuToValues,
  menuToWire,
  type MenuTarget,
  type MenuValues,
} from './menuForm';
import { CommonItems, NameCodeItems } from '@/components/entityItems';
import { TreePicker, underTop } from '@/components/TreePicker';

type Option = { value: string; title: string; children: Option[]; isTree?: number };

const pickerOptions = (nodes: MenuPickerNode[]): Option[] => nodes.map((n) => ({ value: n.id, title: n.fullName, children: pickerOptions(n.children ?? []) }));
const dictionaryOptions = (nodes: DictionaryTypeNode[]): Option[] =>
  nodes.map((n) => ({ value: n.id, title: n.fullName, isTree: n.isTree, children: dictionaryOptions((n as { children?: DictionaryTypeNode[] }).children ?? []) }));
const flatten = (options: Option[]): Option[] => options.flatMap((o) => [o, ...flatten(o.children)]);

/** The directories a menu may hang under, below 顶级节点. */
export function ParentSelect({ editing, systemId, category, ...field }: { id?: string; value?: string; onChange?(v: string): void; editing: string; systemId: string; category: MenuCategory }) {
  const { t } = useTranslation();
  return (
    <TreePicker
      {...field}
      allowClear
      deps={[editing, systemId, category]}
      load={() => getMenuSelector(editing, systemId, category).then(({ data }) => underTop(t, TOP, pickerOptions(data?.list ?? [])))}
    />
  );
}

/**
 * The module a 功能, 字典, 报表, 大屏 or 门户 menu relates to. The dictionary categories for 字典;
 * the other kinds of module (form models, reports, screens, portals) have no list to choose
 * from yet, which the picker says.
 */
function ModuleSelect({ id, value, onChange, type, onTree }: { id?: string; value?: string; onChange?(v: string): void; type: number; onTree(isTree: number): void }) {
  const { t } = useTranslation();
  const [dictionaries, setDictionaries] = useState<Option[] | null>(null);
  useEffect(() => {
    if (type !== 4 || dictionaries) return;
    let alive = true;
    getDictionaryTypes().then(
      ({ data }) => alive && setDictionaries(dictionaryOptions(data?.list ?? [])),
      () => alive && setDictionaries([]),
    );
    return () => {
      alive = false;
    };
  }, [type, dictionaries]);
  const tree = type === 4 ? (dictionaries ?? []) : [];
  const known = useMemo(() => flatten(tree), [tree]);
  return (
    <TreeSelect
      id={id}
      value={value || undefined}
      onChange={(v: string) => {
        onChange?.(v ?? '');
        if (type === 4) onTree(known.find((o) => o.value === v)?.isTree ?? 0);
      }}
      treeData={tree}
      loading={type === 4 && dictionaries === null}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      allowClear
      notFoundContent={type === 4 ? t('common.noData') : t('menuAdmin.noModules')}
      placeholder={t('menuAdmin.modulePlaceholder')}
      style={{ width: '100%' }}
    />
  );
}

/** The fields that depend on the type: the address (with its link target) or the module. */
function TypeFields({ rules }: { rules: EntityRules }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<MenuValues>();
  const type = Form.useWatch('type') as number | undefined;
  if (type === undefined || type === null) return null;
  const related = MODULE_TYPES.includes(type);
  // The module is a key inside propertyJson: the core's rule is named 'propertyJson.moduleId'.
  const moduleItem = { ...rules.item('propertyJson.moduleId', { type, propertyJson: {} }), name: ['propertyJson', 'moduleId'] };
  const address = (
    <Input maxLength={rules.maxLength('urlAddress')} placeholder={type === 7 ? t('menuAdmin.linkPlaceholder') : t('menuAdmin.addressPlaceholder')} />
  );
  return (
    <>
      {type === 2 && (
        <Form.Item {...rules.item('urlAddress', { type })} label={t('menuAdmin.address')}>
          {address}
        </Form.Item>
      )}
      {type === 7 && (
        // 外链: the address and where it opens, side by side.
        <Form.Item label={t('menuAdmin.address')} required={rules.required('urlAddress', { type })} htmlFor="menu_urlAddress">
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item {...rules.item('urlAddress', { type })} noStyle>
              {address}
            </Form.Item>
            <Form.Item name="linkTarget" noStyle>
              <Select
                aria-label={t('menuAdmin.linkTarget')}
                style={{ width: 100 }}
                options={[
                  { value: '_self', label: '_self' },
                  { value: '_blank', label: '_blank' },
                ]}
              />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
      )}
      {related && (
        <Form.Item {...moduleItem} label={t('menuAdmin.module')}>
          <ModuleSelect type={type} onTree={(isTree) => form.setFieldValue(['propertyJson', 'isTree'], isTree)} />
        </Form.Item>
      )}
    </>
  );
}

/** The type, and the permission items of the types that have them. */
function TypeSelect({ rules, category, editing }: { rules: EntityRules; category: MenuCategory; editing: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<MenuValues>();
  const type = Form.useWatch('type') as number | undefined;
  // A seed directory (type 0) keeps its type when edited.
  const typeOptions = [...(type === 0 ? [0] : []), ...MENU_TYPES[category]].map((v) => ({ value: v, label: t(`menuAdmin.types.${v}`) }));
  /** A type chosen by the user: what the JNPF client resets with it. */
  const typeChosen = (next: number) =>
    form.setFieldsValue({
      authorize: defaultAuthorize(next),
      linkTarget: defaultLinkTarget(next),
      propertyJson: { ...form.getFieldValue('propertyJson'), moduleId: '', isTree: undefined },
      ...(editing ? { urlAddress: '' } : {}),
    });
  return (
    <>
      <Form.Item {...rules.item('type')} label={t('menuAdmin.menuType')}>
        <Select options={typeOptions} placeholder={t('menuAdmin.typePlaceholder')} onChange={(v: number) => typeChosen(v)} />
      </Form.Item>
      <TypeFields rules={rules} />
      {type !== undefined && type !== null && defaultAuthorize(type).length > 0 && (
        <Form.Item name="authorize" label={t('menuAdmin.authorize')} extra={t('menuAdmin.authorizeHint')}>
          <Checkbox.Group options={AUTHORIZE_FLAGS.map((flag) => ({ value: flag, label: t(`menuAdmin.items.${flag}`) }))} />
        </Form.Item>
      )}
    </>
  );
}

interface Props {
  target: MenuTarget | null;
  form: FormInstance<MenuValues>;
  systemId: string;
  category: MenuCategory;
  onClose(): void;
  onSaved(): void;
}

export function MenuDialog({ target, form, systemId, category, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const editing = target?.id ?? '';
  return (
    <EntityFormDialog<MenuInfo, MenuValues> target={target} titles={[t('menuAdmin.addMenu'), t('menuAdmin.editMenu')]}
      entity="menu" form={form} api={{ get: getMenu, create: createMenu, update: updateMenu }}
      toValues={(info) => menuToValues(info, target?.parentId)} toWire={(values) => menuToWire(values, { systemId, category })}
      onClose={onClose} onSaved={onSaved} className="qm-menu-form">
      {(rules) => (
        <>
          <Form.Item {...rules.item('parentId')} label={t('menuAdmin.parent')}>
            <ParentSelect editing={editing} systemId={systemId} category={category} />
          </Form.Item>
          <NameCodeItems rules={rules} name={t('menuAdmin.menuName')} code={t('menuAdmin.menuCode')} />
          <Form.Item {...rules.item('icon')} label={t('menuAdmin.menuIcon')}>
            <IconInput />
          </Form.Item>
          <Form.Item name={['propertyJson', 'iconBackgroundColor']} label={t('menuAdmin.iconColor')}>
            <ColorInput />
          </Form.Item>
          <TypeSelect rules={rules} category={category} editing={Boolean(editing)} />
          <CommonItems rules={rules} />
        </>
      )}
    </EntityFormDialog>
  );
}
