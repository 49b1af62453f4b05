/**
 * 按钮权限 of a menu (ModuleButton, jnpf-wire-areas.md §1.8; PERM-009, PERM-010, PERM-012): the
 * menu's buttons as a tree table (按钮名称, 按钮编码, 排序, 状态) with the keyword, 新建 and
 * 常用按钮 — the quick-add of the standard buttons btn_add 新增 … btn_download 导出, each sent
 * at the top ('-1'); one the menu already has is offered no more —; per row 编辑 and 删除.
 * Every button only with its permission (PERM-011); the state switch and delete ask first.
 */
import { useMemo, useState } from 'react';
import { App, Button, Dropdown, Form } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  TOP,
  createButton,
  deleteButton,
  getButton,
  getButtonSelector,
  getButtons,
  toggleButtonState,
  updateButton,
  type ButtonInfo,
  type ItemForm,
  type MenuInfo,
} from '@/api/menu';
import { EntityFormDialog } from '@/components/EntityFormDialog';
import { useConfirm } from '@/components/useConfirm';
import { BTN_ADD } from '@/hooks/useButtons';
import { IconInput } from './IconInput';
import { DRAWER_COLUMNS, ItemDrawer, useMenuItems } from './ItemDrawer';
import { treeRows, useExpandAll } from '@/components/treeTable';
import { manageColumns, sortCodeColumn } from '@/components/listColumns';
import { RowsTable } from '@/components/ListPage';
import { CommonItems, NameCodeItems } from '@/components/entityItems';
import { commonWire, type CommonValues } from '@/components/entityValues';
import { TreePicker, underTop, type TreeOption } from '@/components/TreePicker';

/** The standard buttons of the quick-add, in the client's order (code → name key). */
export const STANDARD_BUTTONS = [
  'btn_add',
  'btn_edit',
  'btn_detail',
  'btn_remove',
  'btn_batchRemove',
  'btn_batchPrint',
  'btn_copy',
  'btn_upload',
  'btn_download',
] as const;

interface ButtonValues extends CommonValues {
  parentId?: string;
  icon: string;
}


/** The buttons a button may hang under, below 顶级节点; the one edited and what is below it cannot be chosen. */
function ParentSelect({ menuId, editing, ...field }: { id?: string; value?: string; onChange?(v: string): void; menuId: string; editing: string }) {
  const { t } = useTranslation();
  const options = (nodes: ButtonInfo[], below = false): TreeOption[] =>
    nodes.map((n) => {
      const off = below || n.id === editing;
      return { value: n.id, title: n.fullName, disabled: off, children: options(n.children ?? [], off) };
    });
  return <TreePicker {...field} deps={[menuId, editing]} load={() => getButtonSelector(menuId).then(({ data }) => underTop(t, TOP, options(data?.list ?? [])))} />;
}

interface DialogProps {
  target: { id: string } | null;
  menuId: string;
  onClose(): void;
  onSaved(): void;
}

function ButtonDialog({ target, menuId, onClose, onSaved }: DialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ButtonValues>();
  const toValues = (info: ButtonInfo | null): ButtonValues =>
    info
      ? { parentId: info.parentId, fullName: info.fullName, enCode: info.enCode, icon: info.icon, sortCode: info.sortCode, enabledMark: info.enabledMark, description: info.description }
      : { parentId: TOP, fullName: '', enCode: '', icon: '', sortCode: 0, enabledMark: 1, description: '' };
  const toWire = (v: ButtonValues): ItemForm => ({
    moduleId: menuId,
    parentId: v.parentId ?? '',
    ...commonWire(v),
    icon: v.icon?.trim() ?? '',
  });
  return (
    <EntityFormDialog<ButtonInfo, ButtonValues> target={target} titles={[t('menuAdmin.addButton'), t('menuAdmin.editButton')]}
      entity="moduleButton" form={form} api={{ get: getButton, create: createButton, update: updateButton }} toValues={toValues}
      toWire={toWire} onClose={onClose} onSaved={onSaved} className="qm-button-form">
      {(rules) => (
        <>
          <Form.Item {...rules.item('parentId')} label={t('menuAdmin.parent')}>
            <ParentSelect menuId={menuId} editing={target?.id ?? ''} />
          </Form.Item>
          <NameCodeItems rules={rules} name={t('menuAdmin.buttonName')} code={t('menuAdmin.buttonCode')} />
          <Form.Item {...rules.item('icon')} label={t('menuAdmin.icon')}>
            <IconInput />
          </Form.Item>
          <CommonItems rules={rules} />
        </>
      )}
    </EntityFormDialog>
  );
}

const codesOf = (rows: ButtonInfo[]): string[] => rows.flatMap((r) => [r.enCode, ...codesOf(r.children ?? [])]);

interface Props {
  /** The menu whose buttons are shown; closed when null. */
  menu: MenuInfo | null;
  can(code: string): boolean;
  onClose(): void;
}

export function ButtonDrawer({ menu, can, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const { menuId, rows: buttons, setKeyword } = useMenuItems(menu, getButtons);
  const rows = useMemo(() => treeRows(buttons.rows), [buttons.rows]);
  const tree = useExpandAll(buttons.rows);
  const [target, setTarget] = useState<{ id: string } | null>(null);
  const [adding, setAdding] = useState(false);
  const present = useMemo(() => new Set(codesOf(buttons.rows)), [buttons.rows]);

  /** The quick-add: one standard button at the top, named as the client names it. */
  const quickAdd = (code: string) => {
    setAdding(true);
    createButton({ parentId: TOP, moduleId: menuId, fullName: t(`menuAdmin.standard.${code}`), enCode: code, sortCode: 0, icon: '', enabledMark: 1, description: '' }).then(
      (res) => {
        setAdding(false);
        void message.success(res.msg || t('manage.done'), 1.5);
        buttons.refresh();
      },
      () => setAdding(false),
    );
  };

  return (
    <ItemDrawer
      menu={menu}
      kind={t('menuAdmin.items.isButtonAuthorize')}
      className="qm-button-drawer"
      onSearch={setKeyword}
      rows={buttons}
      onClose={onClose}
      onAdd={can(BTN_ADD) ? () => setTarget({ id: '' }) : undefined}
      actions={
        can(BTN_ADD) && (
          <>
            <Dropdown
              trigger={['click']}
              menu={{
                items: STANDARD_BUTTONS.map((code) => ({
                  key: code,
                  disabled: present.has(code),
                  label: `${t(`menuAdmin.standard.${code}`)} (${code})`,
                })),
                onClick: ({ key }) => quickAdd(key),
              }}
            >
              <Button loading={adding}>
                {t('menuAdmin.standardButtons')}
                <DownOutlined />
              </Button>
            </Dropdown>
          </>
        )
      }
    >
      <RowsTable<ButtonInfo>
        rows={buttons}
        dataSource={rows}
        expandable={tree.expandable}
        columns={[
          { key: 'fullName', title: t('menuAdmin.buttonName'), dataIndex: 'fullName' },
          { key: 'enCode', title: t('menuAdmin.buttonCode'), dataIndex: 'enCode', width: 160 },
          sortCodeColumn(t, 60),
          ...manageColumns<ButtonInfo>({
            t,
            confirm,
            can,
            what: t('menuAdmin.buttonWhat'),
            toggle: toggleButtonState,
            remove: deleteButton,
            onEdit: (row) => setTarget({ id: row.id }),
            done: buttons.refresh,
            ...DRAWER_COLUMNS,
          }),
        ]}
      />
      {menuId && <ButtonDialog target={target} menuId={menuId} onClose={() => setTarget(null)} onSaved={buttons.refresh} />}
    </ItemDrawer>
  );
}
