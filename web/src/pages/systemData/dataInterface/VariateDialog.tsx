/**
 * 变量 of a data interface (DI-002, DI-008; spec 02 §7.8 DataInterfaceVariate): the JNPF 3.4.7
 * client has no screen for them (jnpf-wire-areas.md), and the server keeps them beside an
 * interface under the data interface page's menu entry and buttons (server/README.md), so they
 * are administered from that page: an interface's row opens its variables — the keyword
 * (Enter), 查询, 重置, 刷新, 新建 and 导入 (a .bdv file) above; per variable 编辑, 删除, 复制
 * and 导出, each with its button (copy with 新建's, the state with 编辑's); a deletion, a copy,
 * the state (DI-002) and an export ask first. The form (VariateFormDialog) is checked by the
 * rules core's `dataInterfaceVariate` rules, which the server checks the save with.
 */
import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  copyVariate,
  createVariate,
  deleteVariate,
  exportVariate,
  getVariate,
  getVariates,
  importVariate,
  toggleVariate,
  updateVariate,
  type VariateInfo,
  type VariateListRow,
} from '@/api/dataInterfaceVariate';
import type { Envelope, Page } from '@/api/request';
import { EntityFormDialog } from '@/components/EntityFormDialog';
import { DescriptionItem, EnabledMarkItem, SortCodeItem, TextItem } from '@/components/entityItems';
import { ImportButton } from '@/components/ImportButton';
import { ListPage } from '@/components/ListPage';
import { RowButton } from '@/components/RowActions';
import { useConfirm } from '@/components/useConfirm';
import { BTN_ADD, BTN_DOWNLOAD, BTN_UPLOAD, useButtons } from '@/hooks/useButtons';
import { useList, type ListQuery } from '@/hooks/useList';
import { creatorTimeColumn, creatorUserColumn, manageColumns, sortCodeColumn } from '@/components/listColumns';

interface Target {
  id: string;
  fullName: string;
}

interface Values {
  fullName: string;
  value: string;
  expression: string;
  sortCode: number | null;
  enabledMark: number;
  description: string;
}

const toValues = (info: VariateInfo | null): Values => ({
  fullName: info?.fullName ?? '',
  value: info?.value ?? '',
  expression: info?.expression ?? '',
  sortCode: info?.sortCode ?? 0,
  enabledMark: info?.enabledMark ?? 1,
  description: info?.description ?? '',
});

/** 新建变量 / 编辑变量 of the interface `interfaceId`. */
function VariateFormDialog({ interfaceId, target, onClose, onSaved }: { interfaceId: string; target: { id: string } | null; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  return (
    <EntityFormDialog<VariateInfo, Values> target={target}
      titles={[t('dataInterface.variate.add'), t('dataInterface.variate.edit')]} entity="dataInterfaceVariate" form={form}
      api={{ get: getVariate, create: createVariate, update: updateVariate }} toValues={toValues}
      toWire={(v) => ({ interfaceId, fullName: v.fullName?.trim() ?? '', value: v.value ?? '', expression: v.expression ?? '', sortCode: v.sortCode ?? 0, enabledMark: v.enabledMark, description: v.description ?? '' })}
      onClose={onClose} onSaved={onSaved} className="qm-variate-form">
      {(rules) => (
        <>
          <TextItem rules={rules} name="fullName" label={t('dataInterface.variate.name')} />
          <Form.Item {...rules.item('value')} label={t('dataInterface.variate.value')}>
            <Input.TextArea rows={2} maxLength={rules.maxLength('value')} />
          </Form.Item>
          <Form.Item {...rules.item('expression')} label={t('dataInterface.variate.expression')}>
            <Input.TextArea rows={3} maxLength={rules.maxLength('expression')} />
          </Form.Item>
          <SortCodeItem />
          <EnabledMarkItem />
          <DescriptionItem rules={rules} rows={2} />
        </>
      )}
    </EntityFormDialog>
  );
}

function VariateList({ interfaceId }: { interfaceId: string }) {
  const { t } = useTranslation();
  const can = useButtons();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<{ id: string } | null>(null);
  // The call answers every variable of the interface at once: one page of them.
  const list = useList(
    async (q: ListQuery): Promise<Envelope<Page<VariateListRow>>> => {
      const res = await getVariates(interfaceId, q.keyword);
      const rows = res.data?.list ?? [];
      return { ...res, data: { list: rows, pagination: { currentPage: 1, pageSize: q.pageSize, total: rows.length } } };
    },
  );

  return (
    <>
      <ListPage<VariateListRow>
        list={list}
        onAdd={can(BTN_ADD) ? () => setEditing({ id: '' }) : undefined}
        actions={can(BTN_UPLOAD) && <ImportButton accept=".bdv" upload={importVariate} onImported={list.refresh} />}
        paged={false}
        size="small"
        scroll={{ x: 960, y: 420 }}
        columns={[
          { key: 'fullName', title: t('dataInterface.variate.name'), dataIndex: 'fullName', width: 160, ellipsis: true },
          { key: 'value', title: t('dataInterface.variate.value'), dataIndex: 'value', ellipsis: true },
          creatorUserColumn(t('billRule.creatorUser')),
          creatorTimeColumn(t, 150),
          sortCodeColumn(t, 70),
          ...manageColumns<VariateListRow>({
            t,
            confirm,
            can,
            what: t('dataInterface.variate.what'),
            toggle: toggleVariate,
            remove: deleteVariate,
            onEdit: (row) => setEditing({ id: row.id }),
            done: list.refresh,
            stateWidth: 90,
            actionsWidth: 210,
            extra: (row) => (
              <>
                {can(BTN_ADD) && (
                  <RowButton
                    text={t('dataInterface.copy')}
                    label={row.fullName}
                    onClick={() => confirm.action(t('dataInterface.variate.copyConfirm'), () => copyVariate(row.id), list.refresh)}
                  />
                )}
                {can(BTN_DOWNLOAD) && (
                  <RowButton
                    text={t('manage.export')}
                    label={row.fullName}
                    onClick={() => confirm.exportFile(t('dataInterface.variate.exportConfirm'), () => exportVariate(row.id))}
                  />
                )}
              </>
            ),
          }),
        ]}
      />
      <VariateFormDialog interfaceId={interfaceId} target={editing} onClose={() => setEditing(null)} onSaved={list.refresh} />
    </>
  );
}

/** The variables of the interface `target`, in a 1000px dialog. */
export function VariateDialog({ target, onClose }: { target: Target | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={target !== null}
      title={`${t('dataInterface.variate.title')}${target ? ` - ${target.fullName}` : ''}`}
      width={1000}
      destroyOnHidden
      footer={null}
      className="qm-interface-variates"
      onCancel={onClose}
    >
      {target && <VariateList interfaceId={target.id} />}
    </Modal>
  );
}
