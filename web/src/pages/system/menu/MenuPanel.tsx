/**
 * An application's menus (菜单管理, jnpf-wire-areas.md §1.8): Web菜单 and App菜单 as two tabs
 * (the category the list, the form and the parent picker use), the keyword (Enter) keeping
 * matches with their ancestors, 查询, 重置; 新建, 展开全部 / 折叠全部 and 刷新 above a tree table
 * (名称, 编码, 地址, 图标, 类型, 排序, 状态). Per row 编辑 and 删除, and under 更多: 新建子级 for
 * a directory, and for a 页面, 功能 or 字典 the permission items it has on — 按钮权限, 列表权限,
 * 表单权限, 数据权限 — each in its drawer. 导出 of a row asks first, then downloads the .bm
 * file of the menu, the menus below it and their items; 导入 (btn_add) takes such a file back
 * under a chosen parent on the open tab (MenuImportDialog). Every button only with its
 * permission (PERM-011); the state switch and delete ask first (CONST-002, CONST-003).
 */
import { useMemo, useState } from 'react';
import { Button, Form, Tabs, Tag } from 'antd';
import { ArrowLeftOutlined, UploadOutlined } from '@ant-design/icons';
import type { ColumnType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { deleteMenu, exportMenu, getMenus, toggleMenuState, type MenuCategory, type MenuInfo, type SystemInfo } from '@/api/menu';
import { menuIcon } from '@/app/layout/MenuIcon';
import { ListPage } from '@/components/ListPage';
import { useKeywordBar } from '@/components/ListSearch';
import { MoreButton, RowButton } from '@/components/RowActions';
import { useConfirm } from '@/components/useConfirm';
import { BTN_ADD } from '@/hooks/useButtons';
import { ButtonDrawer } from './ButtonDrawer';
import { DataDrawer } from './DataDrawer';
import { FieldDrawer } from './FieldDrawer';
import { MenuDialog } from './MenuDialog';
import { MenuImportDialog } from './MenuImportDialog';
import { isDirectory, rowAuthorize, type AuthorizeFlag, type MenuTarget, type MenuValues } from './menuForm';
import { useRows } from './useRows';
import { manageColumns, sortCodeColumn } from '@/components/listColumns';
import { treeRows, useExpandAll } from '@/components/treeTable';

/** 图标: the icon as the side menu draws it (a directory's default when it has none). */
export function iconColumn<T extends { icon: string }>(title: string, directory: (row: T) => boolean): ColumnType<T> {
  return { key: 'icon', title, dataIndex: 'icon', width: 60, align: 'center', render: (icon: string, row: T) => <span title={icon}>{menuIcon(icon, directory(row))}</span> };
}

/** A menu whose permission items are open, and which kind. */
interface Opened {
  flag: AuthorizeFlag;
  menu: MenuInfo;
}

interface Props {
  system: SystemInfo;
  can(code: string): boolean;
  onBack(): void;
}

export function MenuPanel({ system, can, onBack }: Props) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [category, setCategory] = useState<MenuCategory>('Web');
  const [keyword, setKeyword] = useState('');
  const menus = useRows(
    (q: { systemId: string; keyword: string; category: MenuCategory }) => getMenus(q.systemId, { keyword: q.keyword, category: q.category }),
    { systemId: system.id, keyword, category },
  );
  const rows = useMemo(() => treeRows(menus.rows), [menus.rows]);
  // Opened as the JNPF client opens it: the whole tree; a search shows every match.
  const tree = useExpandAll(menus.rows);
  const [target, setTarget] = useState<MenuTarget | null>(null);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [importing, setImporting] = useState(false);
  const [form] = Form.useForm<MenuValues>();

  const bar = useKeywordBar(setKeyword, menus.refresh, menus.loading);

  const more = (row: MenuInfo) => {
    const items = [
      ...(isDirectory(row.type) && can(BTN_ADD) ? [{ key: 'child', label: t('menuAdmin.addChild') }] : []),
      ...rowAuthorize(row).map((flag) => ({ key: flag, label: t(`menuAdmin.items.${flag}`) })),
    ];
    if (!items.length) return null;
    return (
      <MoreButton
        text={t('menuAdmin.more')}
        label={row.fullName}
        items={items}
        onChoose={(key) => (key === 'child' ? setTarget({ id: '', parentId: row.id }) : setOpened({ flag: key as AuthorizeFlag, menu: row }))}
      />
    );
  };

  return (
    <div className="qm-menu-panel">
      <div className="qm-menu-panel-head">
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack}>
          {t('common.back')}
        </Button>
        <span className="qm-menu-panel-title">{t('menuAdmin.menusOf', { name: system.fullName })}</span>
      </div>
      <Tabs
        activeKey={category}
        onChange={(key) => setCategory(key as MenuCategory)}
        items={[
          { key: 'Web', label: t('menuAdmin.webMenus') },
          { key: 'App', label: t('menuAdmin.appMenus') },
        ]}
      />
      <ListPage<MenuInfo>
        rows={{ ...menus, rows }}
        search={bar}
        onAdd={can(BTN_ADD) ? () => setTarget({ id: '' }) : undefined}
        actions={
          <>
            {can(BTN_ADD) && (
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                {t('manage.import')}
              </Button>
            )}
            <Button onClick={tree.expandAll}>{t('manage.expandAll')}</Button>
            <Button onClick={tree.collapseAll}>{t('manage.collapseAll')}</Button>
          </>
        }
        scroll={{ x: 1100 }}
        expandable={tree.expandable}
        columns={[
          { key: 'fullName', title: t('menuAdmin.menuName'), dataIndex: 'fullName', width: 240, ellipsis: true },
          { key: 'enCode', title: t('menuAdmin.code'), dataIndex: 'enCode', width: 180, ellipsis: true },
          { key: 'urlAddress', title: t('menuAdmin.address'), dataIndex: 'urlAddress', ellipsis: true },
          iconColumn<MenuInfo>(t('menuAdmin.icon'), (row) => isDirectory(row.type)),
          {
            key: 'type',
            title: t('menuAdmin.menuType'),
            dataIndex: 'type',
            width: 80,
            align: 'center',
            render: (type: number) => <Tag>{t(`menuAdmin.types.${type}`, { defaultValue: String(type) })}</Tag>,
          },
          sortCodeColumn(t, 70),
          ...manageColumns<MenuInfo>({
            t,
            confirm,
            can,
            what: t('menuAdmin.menuWhat'),
            toggle: toggleMenuState,
            remove: deleteMenu,
            onEdit: (row) => setTarget({ id: row.id }),
            done: menus.refresh,
            stateWidth: 90,
            actionsWidth: 240,
            extra: (row) => (
              <>
                <RowButton text={t('manage.export')} label={row.fullName} onClick={() => confirm.exportFile(t('menuAdmin.exportConfirm'), () => exportMenu(row.id))} />
                {more(row)}
              </>
            ),
          }),
        ]}
      />
      <MenuDialog target={target} form={form} systemId={system.id} category={category} onClose={() => setTarget(null)} onSaved={menus.refresh} />
      <MenuImportDialog open={importing} systemId={system.id} category={category} onClose={() => setImporting(false)} onImported={menus.refresh} />
      <ButtonDrawer menu={opened?.flag === 'isButtonAuthorize' ? opened.menu : null} can={can} onClose={() => setOpened(null)} />
      <FieldDrawer kind="column" menu={opened?.flag === 'isColumnAuthorize' ? opened.menu : null} can={can} onClose={() => setOpened(null)} />
      <FieldDrawer kind="form" menu={opened?.flag === 'isFormAuthorize' ? opened.menu : null} can={can} onClose={() => setOpened(null)} />
      <DataDrawer menu={opened?.flag === 'isDataAuthorize' ? opened.menu : null} can={can} onClose={() => setOpened(null)} />
    </div>
  );
}
