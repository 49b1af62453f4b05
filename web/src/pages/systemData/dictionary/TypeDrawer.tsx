/**
 * Dictionary category management (DICT-013..018): a 700px drawer with the categories as a tree
 * table (名称, 编码, 树形 是/否, 排序); 新建 and 导入 (a .bdd file) above it; per row 编辑, 删除
 * and 导出 — none of them on the two fixed categories 0 and 1 (DICT-015). Export asks first
 * (您确定要导出该字典分类, 是否继续?) and downloads the file the server makes; delete asks as
 * every delete does and the server says why when it refuses (children, items). Every button
 * only with its permission (PERM-011). A save or an import tells the page, which forgets the
 * cached dictionaries and reloads its tree (DICT-039).
 */
import { useMemo, useState } from 'react';
import { Button, Drawer, Form, Space, Tag, Tooltip } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { deleteDictionaryType, exportDictionaryType, importDictionary, type DictionaryTypeNode } from '@/api/dictionary';
import { ImportButton } from '@/components/ImportButton';
import { AddButton, RowsTable } from '@/components/ListPage';
import { rowActionsColumn, sortCodeColumn } from '@/components/listColumns';
import { RowButton } from '@/components/RowActions';
import { treeRows, useExpandAll } from '@/components/treeTable';
import { useConfirm } from '@/components/useConfirm';
import { BTN_ADD, BTN_DOWNLOAD, BTN_EDIT, BTN_REMOVE, BTN_UPLOAD } from '@/hooks/useButtons';
import { isFixedType } from './fixed';
import { TypeDialog, type TypeValues } from './TypeDialog';

/** The drawer's width (spec 01 §2.8, §9). */
export const TYPE_DRAWER_WIDTH = 700;

type Row = Omit<DictionaryTypeNode, 'children'> & { children?: Row[] };


interface Props {
  open: boolean;
  types: DictionaryTypeNode[];
  loading: boolean;
  can(code: string): boolean;
  onClose(): void;
  onRefresh(): void;
  /** A category was saved, deleted or imported. */
  onChanged(): void;
}

export function TypeDrawer({ open, types, loading, can, onClose, onRefresh, onChanged }: Props) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [target, setTarget] = useState<{ id: string } | null>(null);
  const [form] = Form.useForm<TypeValues>();
  const rows = useMemo(() => treeRows(types as Row[]), [types]);
  const tree = useExpandAll(rows);

  // DICT-016, DICT-017: asks, then the server makes the file and answers its url.
  const exportType = (row: Row) => confirm.exportFile(t('dictionary.exportConfirm'), () => exportDictionaryType(row.id));

  return (
    <Drawer
      title={t('dictionary.typeDrawer')}
      size={TYPE_DRAWER_WIDTH}
      open={open}
      onClose={onClose}
      className="qm-dictionary-type-drawer"
      destroyOnHidden
      extra={
        <Space>
          <AddButton onAdd={can(BTN_ADD) ? () => setTarget({ id: '' }) : undefined} />
          {can(BTN_UPLOAD) && <ImportButton accept=".bdd" upload={importDictionary} onImported={onChanged} />}
          <Tooltip title={t('common.refresh')}>
            <Button type="text" aria-label={t('common.refresh')} icon={<ReloadOutlined spin={loading} />} onClick={onRefresh} />
          </Tooltip>
        </Space>
      }
    >
      <RowsTable<Row>
        rows={{ rows, loading, loaded: true }}
        expandable={tree.expandable}
        columns={[
          { key: 'fullName', title: t('dictionary.name'), dataIndex: 'fullName' },
          { key: 'enCode', title: t('dictionary.code'), dataIndex: 'enCode', width: 130 },
          {
            key: 'isTree',
            title: t('dictionary.isTree'),
            dataIndex: 'isTree',
            width: 70,
            align: 'center',
            render: (v: number) => <Tag color={v === 1 ? 'blue' : undefined}>{v === 1 ? t('common.yes') : t('common.no')}</Tag>,
          },
          sortCodeColumn(t, 70),
          rowActionsColumn<Row>({
            t,
            confirm,
            width: 150,
            fixed: false,
            canEdit: can(BTN_EDIT),
            canRemove: can(BTN_REMOVE),
            // DICT-015: the fixed categories have no actions.
            hidden: (row) => isFixedType(row.id),
            onEdit: (row) => setTarget({ id: row.id }),
            remove: deleteDictionaryType,
            done: onChanged,
            extra: (row) => can(BTN_DOWNLOAD) && <RowButton text={t('manage.export')} label={row.fullName} onClick={() => exportType(row)} />,
          }),
        ]}
      />
      <TypeDialog target={target} form={form} onClose={() => setTarget(null)} onSaved={onChanged} />
    </Drawer>
  );
}
