/**
 * 系统菜单 (system/menu, menu code system.menu; jnpf-wire-areas.md §1.8; PERM-001, PERM-004,
 * PERM-012): the applications — 应用名称, 应用编码, 说明, 图标, 排序, 状态 — with the keyword
 * (Enter), 查询, 重置 and 刷新; 新建 and per row 编辑, 删除 (never the main application) and 菜单
 * 管理, which opens the application's menus (MenuPanel) in place of the list. Every button only
 * with its permission (PERM-011); the state switch and delete ask first (CONST-002, CONST-003)
 * and the server says why it refuses (the main application, one that still has menus).
 */
import { useState } from 'react';
import { Button, Empty, Form, Space, Table, Tooltip } from 'antd';
import { AppstoreOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { KeywordInput } from '@/components/ListSearch';
import { deleteSystem, getSystems, toggleSystemState, type SystemInfo } from '@/api/menu';
import { menuIcon } from '@/app/layout/MenuIcon';
import { RowActions } from '@/components/RowActions';
import { StateCell } from '@/components/StateCell';
import { useConfirm } from '@/components/useConfirm';
import { BTN_ADD, BTN_EDIT, BTN_REMOVE, useButtons } from '@/hooks/useButtons';
import { MenuPanel } from './MenuPanel';
import { SystemDialog, type SystemValues } from './SystemDialog';
import { useRows } from './useRows';
import '@/components/list.css';
import './menu.css';

export default function MenuPage() {
  const { t } = useTranslation();
  const can = useButtons();
  const confirm = useConfirm();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const systems = useRows(getSystems, keyword);
  const [target, setTarget] = useState<{ id: string } | null>(null);
  const [opened, setOpened] = useState<SystemInfo | null>(null);
  const [form] = Form.useForm<SystemValues>();

  const search = (text = typed) => setKeyword(text.trim());

  return (
    <div className="qm-menu-page">
      {opened ? (
        <MenuPanel system={opened} can={can} onBack={() => setOpened(null)} />
      ) : (
        <>
          <div className="qm-list-search">
            <Space wrap>
              <KeywordInput value={typed} onChange={setTyped} width={240} onSearch={() => search()} />
              <Button type="primary" icon={<SearchOutlined />} onClick={() => search()}>
                {t('common.search')}
              </Button>
              <Button
                onClick={() => {
                  setTyped('');
                  search('');
                }}
              >
                {t('common.reset')}
              </Button>
            </Space>
            <Space>
              {can(BTN_ADD) && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ id: '' })}>
                  {t('manage.add')}
                </Button>
              )}
              <Tooltip title={t('common.refresh')}>
                <Button type="text" aria-label={t('common.refresh')} icon={<ReloadOutlined spin={systems.loading} />} onClick={systems.refresh} />
              </Tooltip>
            </Space>
          </div>
          <Table<SystemInfo>
            rowKey="id"
            size="middle"
            loading={systems.loading}
            dataSource={systems.rows}
            pagination={false}
            scroll={{ x: 900 }}
            locale={{ emptyText: systems.loaded ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} /> : <span /> }}
            columns={[
              { key: 'fullName', title: t('menuAdmin.systemName'), dataIndex: 'fullName', width: 200, ellipsis: true },
              { key: 'enCode', title: t('menuAdmin.systemCode'), dataIndex: 'enCode', width: 180, ellipsis: true },
              { key: 'description', title: t('manage.description'), dataIndex: 'description', ellipsis: true },
              {
                key: 'icon',
                title: t('menuAdmin.icon'),
                dataIndex: 'icon',
                width: 60,
                align: 'center',
                render: (icon: string) => <span title={icon}>{menuIcon(icon, true)}</span>,
              },
              { key: 'sortCode', title: t('manage.sortCode'), dataIndex: 'sortCode', width: 70, align: 'center' },
              {
                key: 'enabledMark',
                title: t('manage.state'),
                dataIndex: 'enabledMark',
                width: 90,
                align: 'center',
                render: (v: number, row) => (
                  <StateCell
                    enabledMark={v}
                    // The main application stays enabled.
                    editable={can(BTN_EDIT) && row.isMain !== 1}
                    label={row.fullName}
                    onToggle={() => confirm.toggle(v === 1, t('menuAdmin.systemWhat'), () => toggleSystemState(row.id), systems.refresh)}
                  />
                ),
              },
              {
                key: 'actions',
                title: t('manage.actions'),
                width: 200,
                fixed: 'right',
                render: (_: unknown, row) => (
                  <Space size={0} className="qm-row-actions">
                    <RowActions
                      canEdit={can(BTN_EDIT)}
                      canRemove={can(BTN_REMOVE) && row.isMain !== 1}
                      label={row.fullName}
                      onEdit={() => setTarget({ id: row.id })}
                      onRemove={() => confirm.remove(() => deleteSystem(row.id), systems.refresh)}
                    />
                    <Button type="link" size="small" icon={<AppstoreOutlined />} aria-label={`${t('menuAdmin.openMenus')} ${row.fullName}`} onClick={() => setOpened(row)}>
                      {t('menuAdmin.openMenus')}
                    </Button>
                  </Space>
                ),
              },
            ]}
          />
        </>
      )}
      <SystemDialog target={target} form={form} onClose={() => setTarget(null)} onSaved={systems.refresh} />
    </div>
  );
}
