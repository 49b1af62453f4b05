/**
 * 系统菜单 (system/menu, menu code system.menu; jnpf-wire-areas.md §1.8; PERM-001, PERM-004,
 * PERM-012): the applications — 应用名称, 应用编码, 说明, 图标, 排序, 状态 — with the keyword
 * (Enter), 查询, 重置 and 刷新; 新建 and per row 编辑, 删除 (never the main application) and 菜单
 * 管理, which opens the application's menus (MenuPanel) in place of the list. Every button only
 * with its permission (PERM-011); the state switch and delete ask first (CONST-002, CONST-003)
 * and the server says why it refuses (the main application, one that still has menus).
 */
import { useState } from 'react';
import { Form } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { deleteSystem, getSystems, toggleSystemState, type SystemInfo } from '@/api/menu';
import { ListPage } from '@/components/ListPage';
import { useKeywordBar } from '@/components/ListSearch';
import { manageColumns, sortCodeColumn } from '@/components/listColumns';
import { RowButton } from '@/components/RowActions';
import { useConfirm } from '@/components/useConfirm';
import { BTN_ADD, useButtons } from '@/hooks/useButtons';
import { MenuPanel, iconColumn } from './MenuPanel';
import { SystemDialog, type SystemValues } from './SystemDialog';
import { useRows } from './useRows';
import './menu.css';

export default function MenuPage() {
  const { t } = useTranslation();
  const can = useButtons();
  const confirm = useConfirm();
  const [keyword, setKeyword] = useState('');
  const systems = useRows(getSystems, keyword);
  const bar = useKeywordBar(setKeyword, systems.refresh, systems.loading);
  const [target, setTarget] = useState<{ id: string } | null>(null);
  const [opened, setOpened] = useState<SystemInfo | null>(null);
  const [form] = Form.useForm<SystemValues>();

  return (
    <div className="qm-menu-page">
      {opened ? (
        <MenuPanel system={opened} can={can} onBack={() => setOpened(null)} />
      ) : (
        <ListPage<SystemInfo>
          rows={systems}
          search={bar}
          onAdd={can(BTN_ADD) ? () => setTarget({ id: '' }) : undefined}
          scroll={{ x: 900 }}
          columns={[
            { key: 'fullName', title: t('menuAdmin.systemName'), dataIndex: 'fullName', width: 200, ellipsis: true },
            { key: 'enCode', title: t('menuAdmin.systemCode'), dataIndex: 'enCode', width: 180, ellipsis: true },
            { key: 'description', title: t('manage.description'), dataIndex: 'description', ellipsis: true },
            iconColumn<SystemInfo>(t('menuAdmin.icon'), () => true),
            sortCodeColumn(t, 70),
            ...manageColumns<SystemInfo>({
              t,
              confirm,
              can,
              what: t('menuAdmin.systemWhat'),
              toggle: toggleSystemState,
              remove: deleteSystem,
              onEdit: (row) => setTarget({ id: row.id }),
              done: systems.refresh,
              // The main application stays enabled and cannot be deleted.
              fixedRow: (row) => row.isMain === 1,
              stateWidth: 90,
              actionsWidth: 200,
              extra: (row) => (
                <RowButton text={t('menuAdmin.openMenus')} label={row.fullName} icon={<AppstoreOutlined />} onClick={() => setOpened(row)} />
              ),
            }),
          ]}
        />
      )}
      <SystemDialog target={target} form={form} onClose={() => setTarget(null)} onSaved={systems.refresh} />
    </div>
  );
}
