/**
 * The dictionary picker (数据字典选择, widget spec 2.6; WGT-070, WGT-071, DICT-045): a tree
 * select of one dictionary's enabled items (DictionaryData/All, cached and looked up by the
 * category's id or enCode, as every form reads dictionaries) and an add button that opens the
 * dictionary management screen itself (the 数据字典 page, with the buttons its own menu entry
 * grants; registered by the app: managers.ts) in a dialog 80% wide. Closing that dialog forgets the cached dictionaries and loads
 * the tree again, so items added there can be picked at once.
 *
 * The value is the picked item's id (or its enCode with `propsValue="enCode"`); in multiple
 * mode a list of them.
 */
import { useState } from 'react';
import { Button, Modal, TreeSelect } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DictionaryItem } from '@/api/dictionary';
import { useDictionaryTree } from '@/hooks/useDictionary';
import type { PickerFieldProps } from './common';
import { pickerManagers } from './managers';
import './pickers.css';

/** Widget spec 2.6, §9: the management dialog is 80% of the window wide. */
export const DICTIONARY_DIALOG_WIDTH = '80%';

export interface DictionarySelectProps extends Omit<PickerFieldProps, 'title'> {
  /** The dictionary: a category's id or enCode. */
  dictionaryType: string;
  /** What an item stores: its id (default) or its enCode. */
  propsValue?: 'id' | 'enCode';
  value?: string | string[] | null;
  onChange?(value: string | string[]): void;
}

interface Node {
  value: string;
  title: string;
  children?: Node[];
}

const nodes = (items: DictionaryItem[], key: 'id' | 'enCode'): Node[] =>
  items.map((i) => ({ value: i[key], title: i.fullName, children: i.children?.length ? nodes(i.children, key) : undefined }));

export function DictionarySelect({
  dictionaryType,
  propsValue = 'id',
  value,
  onChange,
  multiple = false,
  disabled,
  clearable = true,
  placeholder,
  id,
  className,
}: DictionarySelectProps) {
  const { t } = useTranslation();
  const dictionary = useDictionaryTree(dictionaryType);
  const [managing, setManaging] = useState(false);
  const Manager = pickerManagers().dictionary;
  const shown = multiple ? (Array.isArray(value) ? value : []) : typeof value === 'string' && value !== '' ? value : undefined;

  return (
    <div className={`qm-dictionary-select${className ? ` ${className}` : ''}`}>
      <TreeSelect<string | string[]>
        id={id}
        value={shown}
        treeData={nodes(dictionary.items, propsValue)}
        multiple={multiple}
        treeDefaultExpandAll
        showSearch={{ treeNodeFilterProp: 'title' }}
        allowClear={clearable}
        disabled={disabled}
        loading={dictionary.loading}
        placeholder={placeholder ?? t('picker.placeholder')}
        onChange={(next) => onChange?.(multiple ? (Array.isArray(next) ? next : []) : typeof next === 'string' ? next : '')}
        style={{ width: '100%' }}
      />
      {Manager && (
        <Button icon={<PlusOutlined />} disabled={disabled} onClick={() => setManaging(true)}>
          {t('dictionary.pickerAdd')}
        </Button>
      )}
      {Manager && (
        <Modal
          open={managing}
          title={t('dictionary.title')}
          width={DICTIONARY_DIALOG_WIDTH}
          mask={{ closable: false }}
          destroyOnHidden
          footer={null}
          className="qm-dictionary-manage-dialog"
          onCancel={() => {
            setManaging(false);
            // WGT-071: what was changed there is offered at once.
            dictionary.reload();
          }}
        >
          <Manager />
        </Modal>
      )}
    </div>
  );
}
