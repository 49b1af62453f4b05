/**
 * 门户设计 (issue 31; menu 系统管理 → 门户设计, address onlineDev/visualPortal;
 * jnpf-wire-engine2.md §2.1): the portals, paged, searched by keyword (Enter) and 分类 (a
 * portalDesigner dictionary item, by id). 新建 asks the 基础信息 (PortalDialog) and then opens
 * the designer on the new portal; 导入 takes a .vp file. Per row, each only with its button:
 * 设计 (a designed portal, btn_edit), 编辑, 复制 and 导出 after confirmation, 发布 (同步门户:
 * ReleaseDialog), 删除 after confirmation.
 */
import { useCallback, useState } from 'react';
import { Form, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyPortal, deletePortal, exportPortal, getPortalList, importPortal, type PortalRow } from '@/api/portal';
import { ImportButton } from '@/components/ImportButton';
import { ListPage } from '@/components/ListPage';
import { RowButton } from '@/components/RowActions';
import { useConfirm } from '@/components/useConfirm';
import { creatorTimeColumn, creatorUserColumn, rowActionsColumn, sortCodeColumn } from '@/components/listColumns';
import { BTN_ADD, BTN_DOWNLOAD, BTN_EDIT, BTN_REMOVE, BTN_UPLOAD, useButtons } from '@/hooks/useButtons';
import { useDictionary } from '@/hooks/useDictionary';
import { useList } from '@/hooks/useList';
import { PortalDesigner, type DesignTarget } from '@/portal/designer/PortalDesigner';
import { PortalDialog, type PortalValues } from './PortalDialog';
import { ReleaseDialog, type ReleaseTarget } from './ReleaseDialog';

export const BTN_RELEASE = 'btn_release';

export default function PortalListPage() {
  const { t } = useTranslation();
  const can = useButtons();
  const confirm = useConfirm();
  const list = useList(getPortalList, { filters: { category: '' } });
  const categories = useDictionary('portalDesigner');
  const [target, setTarget] = useState<{ id: string } | null>(null);
  const [designing, setDesigning] = useState<DesignTarget | null>(null);
  const [releasing, setReleasing] = useState<ReleaseTarget | null>(null);
  const [form] = Form.useForm<PortalValues>();
  const closeDesigner = useCallback(() => setDesigning(null), []);

  const released = (row: PortalRow) => ({ pc: row.pcIsRelease === 1, app: row.appIsRelease === 1 });

  return (
    <div className="qm-visual-portal-page">
      <ListPage<PortalRow, { category: string }>
        list={list}
        selects={[{ name: 'category', label: t('portalDesign.category'), all: t('portalDesign.allCategories'), options: categories.map((c) => ({ value: c.id, label: c.fullName })), width: 200 }]}
        onAdd={can(BTN_ADD) ? () => setTarget({ id: '' }) : undefined}
        actions={can(BTN_UPLOAD) && <ImportButton accept=".vp" upload={importPortal} onImported={list.refresh} />}
        scroll={{ x: 1400 }}
        columns={[
          { key: 'fullName', title: t('portalDesign.fullName'), dataIndex: 'fullName', width: 180, ellipsis: true },
          { key: 'enCode', title: t('portalDesign.enCode'), dataIndex: 'enCode', width: 150 },
          { key: 'category', title: t('portalDesign.category'), dataIndex: 'category', width: 120 },
          { key: 'type', title: t('portalDesign.type'), dataIndex: 'type', width: 100, render: (v: number) => (v === 1 ? t('portalDesign.typePath') : t('portalDesign.typeDesign')) },
          {
            key: 'enabledLock',
            title: t('portalDesign.lock'),
            dataIndex: 'enabledLock',
            width: 80,
            align: 'center',
            render: (v: number, row: PortalRow) => (row.type === 1 ? '' : v === 1 ? t('common.yes') : t('common.no')),
          },
          sortCodeColumn(t),
          {
            key: 'enabledMark',
            title: t('manage.state'),
            dataIndex: 'enabledMark',
            width: 90,
            align: 'center',
            render: (v: number) => (v === 1 ? <Tag color="success">{t('manage.enabled')}</Tag> : <Tag color="error">{t('manage.disabled')}</Tag>),
          },
          creatorUserColumn(t('portalDesign.creatorUser'), 130),
          creatorTimeColumn(t, 160),
          rowActionsColumn<PortalRow>({
            t,
            confirm,
            width: 330,
            canEdit: can(BTN_EDIT),
            canRemove: can(BTN_REMOVE),
            onEdit: (row) => setTarget({ id: row.id }),
            remove: deletePortal,
            done: list.refresh,
            before: (row) =>
              can(BTN_EDIT) && row.type === 0 ? (
                <RowButton text={t('portalDesign.design')} label={row.fullName} onClick={() => setDesigning({ id: row.id, released: released(row) })} />
              ) : null,
            extra: (row) => (
              <>
                {can(BTN_ADD) && (
                  <RowButton text={t('portalDesign.copy')} label={row.fullName} onClick={() => confirm.action(t('portalDesign.copyConfirm'), () => copyPortal(row.id), list.refresh)} />
                )}
                {can(BTN_DOWNLOAD) && (
                  <RowButton text={t('manage.export')} label={row.fullName} onClick={() => confirm.exportFile(t('portalDesign.exportConfirm'), () => exportPortal(row.id))} />
                )}
                {can(BTN_RELEASE) && (
                  <RowButton text={t('portalDesign.release')} label={row.fullName} onClick={() => setReleasing({ id: row.id, released: released(row) })} />
                )}
              </>
            ),
          }),
        ]}
      />
      <PortalDialog
        target={target}
        form={form}
        categories={categories}
        onClose={() => setTarget(null)}
        onSaved={(res, values) => {
          list.refresh();
          // A new designed portal goes on to its designer (确定并设计).
          if (target?.id === '' && typeof res.data === 'string' && values.type === 0) setDesigning({ id: res.data, released: { pc: false, app: false } });
        }}
      />
      {designing && <PortalDesigner target={designing} onClose={closeDesigner} onSaved={list.refresh} canRelease={can(BTN_RELEASE)} />}
      <ReleaseDialog target={releasing} onClose={() => setReleasing(null)} onDone={list.refresh} />
    </div>
  );
}
