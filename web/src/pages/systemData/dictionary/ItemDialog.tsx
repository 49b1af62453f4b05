/**
 * 新建字典 / 编辑字典 (DICT-012: the 600px form dialog; DICT-030..038): the item's parent from
 * the category's parent picker, whose first node is the category itself (the top); a new
 * item starts there. The parent is locked unless the category is a tree (DICT-038), and the
 * category's own node is sent as parentId '0' (DICT-037). Name and code are checked by the
 * rules core's dictionary item rules as they are typed; sort 0..999999, default 0; enabled
 * by default (DICT-035, DICT-036).
 */
import { Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  createDictionaryItem,
  getDictionaryItem,
  getDictionaryItemSelector,
  updateDictionaryItem,
  type DictionaryItemForm,
  type DictionaryItemInfo,
  type DictionaryPickerNode,
} from '@/api/dictionary';
import { EntityFormDialog } from '@/components/EntityFormDialog';
import { CommonItems, NameCodeItems } from '@/components/entityItems';
import { NEW_COMMON, commonValues, commonWire, type CommonValues } from '@/components/entityValues';
import { TreePicker } from '@/components/TreePicker';

export interface ItemValues extends CommonValues {
  /** A parent item's id, or the category's id for the top. */
  parentId: string;
}

/** The item as sent: the category's node is the top, '0' (DICT-037). */
export function itemToWire(values: ItemValues, typeId: string): DictionaryItemForm {
  return {
    dictionaryTypeId: typeId,
    parentId: !values.parentId || values.parentId === typeId ? '0' : values.parentId,
    ...commonWire(values),
  };
}

/** The form's values: a stored item (its top shown as the category's node), or a new one at the top. */
export function itemToValues(info: DictionaryItemInfo | null, typeId: string): ItemValues {
  if (!info) return { parentId: typeId, ...NEW_COMMON };
  return {
    parentId: info.parentId && info.parentId !== '0' ? info.parentId : info.dictionaryTypeId || typeId,
    ...commonValues(info),
  };
}

type Option = { value: string; title: string; children: Option[] };
const options = (nodes: DictionaryPickerNode[]): Option[] =>
  nodes.map((n) => ({ value: n.id, title: n.fullName, children: options(n.children ?? []) }));

/** The parent picker of an item: the category's node and, in a tree category, its items but the edited one and below. */
function ParentSelect({ typeId, isTree, editing, ...field }: { typeId: string; isTree: number; editing: string; value?: string; onChange?: (value: string) => void; id?: string }) {
  const { t } = useTranslation();
  return (
    <TreePicker
      {...field}
      showSearch={false}
      deps={[typeId, editing, isTree]}
      load={() => getDictionaryItemSelector(typeId, editing, isTree).then(({ data }) => options(data.list ?? []))}
      // DICT-038: only a tree category's items hang below one another.
      disabled={isTree !== 1}
      title={isTree !== 1 ? t('dictionary.parentLocked') : undefined}
    />
  );
}

interface Props {
  target: { id: string } | null;
  typeId: string;
  isTree: number;
  form: FormInstance<ItemValues>;
  onClose(): void;
  onSaved(): void;
}

export function ItemDialog({ target, typeId, isTree, form, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  return (
    <EntityFormDialog<DictionaryItemInfo, ItemValues> target={target} titles={[t('dictionary.addItem'), t('dictionary.editItem')]}
      entity="dictionaryData" form={form}
      api={{ get: getDictionaryItem, create: createDictionaryItem, update: updateDictionaryItem }}
      toValues={(info) => itemToValues(info, typeId)} toWire={(values) => itemToWire(values, typeId)} onClose={onClose}
      onSaved={onSaved} className="qm-dictionary-item-form">
      {(rules) => (
        <>
          <Form.Item {...rules.item('parentId')} label={t('dictionary.parent')}>
            <ParentSelect typeId={typeId} isTree={isTree} editing={target?.id ?? ''} />
          </Form.Item>
          <NameCodeItems rules={rules} name={t('dictionary.name')} code={t('dictionary.code')} />
          <CommonItems rules={rules} />
        </>
      )}
    </EntityFormDialog>
  );
}
