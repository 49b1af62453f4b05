/**
 * 新建分类 / 编辑分类 (DICT-014: the 600px form dialog; DICT-020, DICT-022..029): the parent
 * from the categories (under the client's 顶级节点, '-1'), name and code checked by the rules
 * core's category rules as they are typed, 树形 as 是/否 — fixed once the category exists, so
 * locked when editing — and sort 0..999999. The category field of the wire is '0'.
 */
import { Form, Input, InputNumber, Switch, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  createDictionaryType,
  getDictionaryType,
  getDictionaryTypeSelector,
  updateDictionaryType,
  type DictionaryPickerNode,
  type DictionaryTypeForm,
  type DictionaryTypeInfo,
} from '@/api/dictionary';
import { EntityFormDialog } from '@/components/EntityFormDialog';
import { NameCodeItems } from '@/components/entityItems';
import { TreePicker, underTop } from '@/components/TreePicker';

/** The top of the category tree, as the client names it (jnpf-wire-areas.md §2.1). */
export const TOP = '-1';

export interface TypeValues {
  parentId?: string;
  fullName: string;
  enCode: string;
  isTree: number;
  sortCode: number | null;
  description: string;
}

export function typeToValues(info: DictionaryTypeInfo | null): TypeValues {
  if (!info) return { parentId: undefined, fullName: '', enCode: '', isTree: 0, sortCode: 0, description: '' };
  return {
    parentId: info.parentId,
    fullName: info.fullName,
    enCode: info.enCode,
    isTree: info.isTree,
    sortCode: info.sortCode,
    description: info.description,
  };
}

export function typeToWire(values: TypeValues): DictionaryTypeForm {
  return {
    parentId: values.parentId ?? '',
    fullName: values.fullName?.trim() ?? '',
    enCode: values.enCode?.trim() ?? '',
    isTree: values.isTree === 1 ? 1 : 0,
    sortCode: values.sortCode ?? 0,
    description: values.description ?? '',
    category: '0',
  };
}

type Option = { value: string; title: string; children: Option[] };
const options = (nodes: DictionaryPickerNode[]): Option[] =>
  nodes.map((n) => ({ value: n.id, title: n.fullName, children: options(n.children ?? []) }));

/** The parents a category may take, under 顶级节点. */
function ParentSelect({ editing, ...field }: { editing: string; value?: string; onChange?: (v: string) => void; id?: string }) {
  const { t } = useTranslation();
  return <TreePicker {...field} allowClear deps={[editing]} load={() => getDictionaryTypeSelector(editing).then(({ data }) => underTop(t, TOP, options(data.list ?? [])))} />;
}

interface Props {
  target: { id: string } | null;
  form: FormInstance<TypeValues>;
  onClose(): void;
  onSaved(): void;
}

export function TypeDialog({ target, form, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const editing = Boolean(target?.id);
  return (
    <EntityFormDialog<DictionaryTypeInfo, TypeValues> target={target} titles={[t('dictionary.addType'), t('dictionary.editType')]}
      entity="dictionaryType" form={form}
      api={{ get: getDictionaryType, create: createDictionaryType, update: updateDictionaryType }} toValues={typeToValues}
      toWire={typeToWire} onClose={onClose} onSaved={onSaved} className="qm-dictionary-type-form">
      {(rules) => (
        <>
          <Form.Item {...rules.item('parentId')} label={t('dictionary.parent')}>
            <ParentSelect editing={target?.id ?? ''} />
          </Form.Item>
          <NameCodeItems rules={rules} name={t('dictionary.name')} code={t('dictionary.code')} />
          <Form.Item name="isTree" label={t('dictionary.isTree')} getValueProps={(v) => ({ checked: v === 1 })} normalize={(v: boolean) => (v ? 1 : 0)}>
            {/* DICT-020: fixed once the category exists. */}
            <Switch disabled={editing} checkedChildren={t('common.yes')} unCheckedChildren={t('common.no')} />
          </Form.Item>
          <Form.Item name="sortCode" label={t('manage.sortCode')}>
            <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item {...rules.item('description')} label={t('manage.description')}>
            <Input.TextArea rows={3} maxLength={rules.maxLength('description')} />
          </Form.Item>
        </>
      )}
    </EntityFormDialog>
  );
}
