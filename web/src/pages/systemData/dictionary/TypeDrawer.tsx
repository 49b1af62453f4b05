/**
 * Dictionary category management (DICT-013..018): a 700px drawer with the categories as a tree
 * table (名称, 编码, 树形 是/否, 排序); 新建 and 导入 (a .bdd file) above it; per row 编辑, 删除
 * and 导出 — none of them on the two fixed categories 0 and 1 (DICT-015). Export asks first
 * (您确定要导出该字典分类, 是否继续?) and downloads the file the server makes; delete asks as
 * every delete does and the server says why when it refuses (children, items). Every button
 * only with its permission (PERM-011). A save or an import tells the page, which forgets the
 * cached dictionaries and reloads its tree (DICT-039).
 */
import { useEffect, useMemo, useState, type Key } from 'react';
import { Button, Drawer, Empty, Form, Space, Table, Tag, Tooltip } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { deleteDictionaryType, exportDictionaryType, importDictionary, type DictionaryTypeNode } from '@/api/dictionary';
import { ImportButton } from '@/components/ImportButton';
import { RowActions } from '@/components/RowActions';
import { useConfirm } from '@/components/useConfirm';
import { BTN_ADD, BTN_DOWNLOAD, BTN_EDIT, BTN_REMOVE, BTN_UPLOAD } from '@/hooks/useButtons';
import { isFixedType } from './fixed';
import { TypeDialog, type TypeValues } from './TypeDialog';

/** The drawer's width (spec 01 §2.8, §9). */
export const TYPE_DRAWER_WIDTH = 700;

type Row = Omit<DictionaryTypeNode, 'children'> & { children?: Row[] };

const toRows = (nodes: DictionaryTypeNode[]): Row[] =>
  nodes.map(({ children, ...node }) => (children?.length ? { ...node, children: toRows(children) } : node));
const branchKeys = (rows: Row[]): string[] => rows.flatMap((r) => (r.children ? [r.id, ...branchKeys(r.children)] : []));

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
  const rows = useMemo(() => toRows(types), [types]);
  const allKeys = useMemo(() => branchKeys(rows), [rows]);
  const [expanded, setExpanded] = useState<Key[]>([]);
  useEffect(() => setExpanded(allKeys), [allKeys]);

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
          {can(BTN_ADD) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ id: '' })}>
              {t('manage.add')}
            </Button>
          )}
          {can(BTN_UPLOAD) && <ImportButton accept=".bdd" upload={importDictionary} onImported={onChanged} />}
          <Tooltip title={t('common.refresh')}>
            <Button type="text" aria-label={t('common.refresh')} icon={<ReloadOutlined spin={loading} />} onClick={onRefresh} />
          </Tooltip>
        </Space>
      }
    >
      <Table<Row>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} /> }}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded([...keys]) }}
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
          { key: 'sortCode', title: t('manage.sortCode'), dataIndex: 'sortCode', width: 70, align: 'center' },
          {
            key: 'actions',
            title: t('manage.actions'),
            width: 150,
            render: (_: unknown, row) =>
              // DICT-015: the fixed categories have no actions.
              isFixedType(row.id) ? null : (
                <Space size={0} className="qm-row-actions">
                  <RowActions
                    canEdit={can(BTN_EDIT)}
                    canRemove={can(BTN_REMOVE)}
                    label={row.fullName}
                    onEdit={() => setTarget({ id: row.id })}
                    onRemove={() => confirm.remove(() => deleteDictionaryType(row.id), onChanged)}
                  />
                  {can(BTN_DOWNLOAD) && (
                    <Button type="link" size="small" aria-label={`${t('manage.export')} ${row.fullName}`} onClick={() => exportType(row)}>
                      {t('manage.export')}
                    </Button>
                  )}
                </Space>
              ),
          },
        ]}
      />
      <TypeDialog target={target} form={form} onClose={() => setTarget(null)} onSaved={onChanged} />
    </Drawer>
  );
}
