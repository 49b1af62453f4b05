/**
 * 数据接口 (jnpf-wire-areas.md §2.4; DI-001, DI-005..007): the categories (items of the
 * DataInterfaceType dictionary) on the left, 全部 first; on the right the interfaces of the
 * chosen category, paged, with the keyword (Enter), reset and refresh (useList). 新建 and 导入
 * (a .bd file) above; per row 编辑, 删除, 预览 (the test page, any member), 复制, 调用日志 and
 * 导出, each only with its button (PERM-011: copy with 新建's, the state with 编辑's), and 变量 —
 * the interface's variables (VariateDialog, DI-002, DI-008); the state (DI-001), a deletion, a
 * copy and an export ask first.
 */
import { useState } from 'react';
import { App, Button, Dropdown, Tree } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  copyInterface,
  deleteInterface,
  exportInterface,
  getInterfaceList,
  importInterface,
  toggleInterface,
  type InterfaceListRow,
} from '@/api/dataInterface';
import { ImportButton } from '@/components/ImportButton';
import { ListPage } from '@/components/ListPage';
import { useConfirm } from '@/components/useConfirm';
import { BTN_ADD, BTN_DOWNLOAD, BTN_UPLOAD, useButtons } from '@/hooks/useButtons';
import { useDictionary } from '@/hooks/useDictionary';
import { useList } from '@/hooks/useList';
import { InterfaceDialog } from './InterfaceDialog';
import { LogDialog } from './LogDialog';
import { PreviewDialog } from './PreviewDialog';
import { VariateDialog } from './VariateDialog';
import './dataInterface.css';
import { creatorTimeColumn, creatorUserColumn, manageColumns, sortCodeColumn } from '@/components/listColumns';

/** The tree's 全部 node. */
const ALL = '__all__';

export default function DataInterfacePage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const can = useButtons();
  const confirm = useConfirm();
  const categories = useDictionary('DataInterfaceType');
  const list = useList(getInterfaceList, { filters: { categoryId: '' } });
  const [editing, setEditing] = useState<{ id: string; categoryId?: string } | null>(null);
  const [previewing, setPreviewing] = useState<{ id: string; fullName: string } | null>(null);
  const [logging, setLogging] = useState<{ id: string; fullName: string } | null>(null);
  const [variables, setVariables] = useState<{ id: string; fullName: string } | null>(null);

  const copy = (row: InterfaceListRow) =>
    modal.warning({
      title: t('common.tip'),
      content: t('dataInterface.copyConfirm'),
      okCancel: true,
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () =>
        copyInterface(row.id).then(
          (res) => {
            void message.success(res.msg || t('manage.done'), 1.5);
            list.refresh();
          },
          () => undefined,
        ),
    });

  const more = (row: InterfaceListRow) => {
    const items = [
      { key: 'preview', label: t('dataInterface.preview'), onClick: () => setPreviewing({ id: row.id, fullName: row.fullName }) },
      ...(can(BTN_ADD) ? [{ key: 'copy', label: t('dataInterface.copy'), onClick: () => copy(row) }] : []),
      { key: 'log', label: t('dataInterface.log'), onClick: () => setLogging({ id: row.id, fullName: row.fullName }) },
      // DI-008: the interface's variables (the server keeps them under this page's buttons).
      { key: 'variables', label: t('dataInterface.variables'), onClick: () => setVariables({ id: row.id, fullName: row.fullName }) },
      ...(can(BTN_DOWNLOAD)
        ? [{ key: 'export', label: t('manage.export'), onClick: () => confirm.exportFile(t('dataInterface.exportConfirm'), () => exportInterface(row.id)) }]
        : []),
    ];
    return (
      <Dropdown menu={{ items }} trigger={['click']}>
        <Button type="link" size="small" aria-label={`${t('dataInterface.more')} ${row.fullName}`}>
          {t('dataInterface.more')} <DownOutlined />
        </Button>
      </Dropdown>
    );
  };

  return (
    <div className="qm-interface-page">
      <div className="qm-interface-categories">
        <div className="qm-interface-categories-head">{t('dataInterface.categories')}</div>
        <Tree
          blockNode
          selectedKeys={[list.query.categoryId || ALL]}
          treeData={[{ key: ALL, title: t('dataInterface.allCategories') }, ...categories.map((c) => ({ key: c.id, title: c.fullName }))]}
          onSelect={(keys) => {
            const key = String(keys[0] ?? ALL);
            list.setFilters({ categoryId: key === ALL ? '' : key });
          }}
        />
      </div>
      <div className="qm-interface-main">
        <ListPage<InterfaceListRow, { categoryId: string }>
          list={list}
          onAdd={can(BTN_ADD) ? () => setEditing({ id: '', categoryId: list.query.categoryId }) : undefined}
          actions={can(BTN_UPLOAD) && <ImportButton accept=".bd" upload={importInterface} onImported={list.refresh} />}
          scroll={{ x: 1200 }}
          columns={[
            { key: 'fullName', title: t('dataInterface.fullName'), dataIndex: 'fullName', width: 180, ellipsis: true },
            { key: 'enCode', title: t('dataInterface.enCode'), dataIndex: 'enCode', width: 150 },
            { key: 'categoryId', title: t('dataInterface.category'), dataIndex: 'categoryId', width: 110 },
            { key: 'dataType', title: t('dataInterface.dataType'), dataIndex: 'dataType', width: 90, render: (v: number) => t(`dataInterface.types.${v}`, { defaultValue: String(v) }) },
            creatorUserColumn(t('billRule.creatorUser')),
            creatorTimeColumn(t, 150),
            sortCodeColumn(t, 70),
            ...manageColumns<InterfaceListRow>({
              t,
              confirm,
              can,
              what: t('dataInterface.what'),
              toggle: toggleInterface,
              remove: deleteInterface,
              onEdit: (row) => setEditing({ id: row.id }),
              done: list.refresh,
              actionsWidth: 190,
              extra: more,
            }),
          ]}
        />
      </div>
      <InterfaceDialog target={editing} categories={categories} onClose={() => setEditing(null)} onSaved={list.refresh} />
      <PreviewDialog target={previewing} onClose={() => setPreviewing(null)} />
      <LogDialog target={logging} onClose={() => setLogging(null)} />
      <VariateDialog target={variables} onClose={() => setVariables(null)} />
    </div>
  );
}
