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
import { Button, Form, Input, InputNumber, Modal, Switch, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
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
import { ImportButton } from '@/components/ImportButton';
import { ListSearch, listTableProps } from '@/components/ListSearch';
import { RowActions } from '@/components/RowActions';
import { useConfirm } from '@/components/useConfirm';
import { BTN_ADD, BTN_DOWNLOAD, BTN_EDIT, BTN_REMOVE, BTN_UPLOAD, useButtons } from '@/hooks/useButtons';
import { useList, type ListQuery } from '@/hooks/useList';
import { DATE_FORMAT } from '@/utils/format';
import { actionsColumn, sortCodeColumn, stateColumn } from '@/components/listColumns';

const time = (v: number | null | undefined) => (v ? dayjs(v).format(DATE_FORMAT) : '');

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
    <EntityFormDialog<VariateInfo, Values>
      target={target}
      title={target?.id ? t('dataInterface.variate.edit') : t('dataInterface.variate.add')}
      entity="dataInterfaceVariate"
      form={form}
      load={getVariate}
      toValues={toValues}
      toWire={(v) => ({
        interfaceId,
        fullName: v.fullName?.trim() ?? '',
        value: v.value ?? '',
        expression: v.expression ?? '',
        sortCode: v.sortCode ?? 0,
        enabledMark: v.enabledMark,
        description: v.description ?? '',
      })}
      save={(id, body) => (id ? updateVariate(id, body) : createVariate(body))}
      onClose={onClose}
      onSaved={onSaved}
      className="qm-variate-form"
    >
      {(rules) => (
        <>
          <Form.Item {...rules.item('fullName')} label={t('dataInterface.variate.name')}>
            <Input maxLength={rules.maxLength('fullName')} placeholder={t('dataInterface.variate.name')} />
          </Form.Item>
          <Form.Item {...rules.item('value')} label={t('dataInterface.variate.value')}>
            <Input.TextArea rows={2} maxLength={rules.maxLength('value')} />
          </Form.Item>
          <Form.Item {...rules.item('expression')} label={t('dataInterface.variate.expression')}>
            <Input.TextArea rows={3} maxLength={rules.maxLength('expression')} />
          </Form.Item>
          <Form.Item name="sortCode" label={t('manage.sortCode')}>
            <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="enabledMark" label={t('manage.state')} getValueProps={(v) => ({ checked: v === 1 })} normalize={(v: boolean) => (v ? 1 : 0)}>
            <Switch />
          </Form.Item>
          <Form.Item {...rules.item('description')} label={t('manage.description')}>
            <Input.TextArea rows={2} maxLength={rules.maxLength('description')} />
          </Form.Item>
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
      <ListSearch
        list={list}
        actions={
          <>
            {can(BTN_ADD) && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: '' })}>
                {t('manage.add')}
              </Button>
            )}
            {can(BTN_UPLOAD) && <ImportButton accept=".bdv" upload={importVariate} onImported={list.refresh} />}
          </>
        }
      />
      <Table<VariateListRow>
        {...listTableProps(list, t)}
        pagination={false}
        rowKey="id"
        size="small"
        scroll={{ x: 960, y: 420 }}
        columns={[
          { key: 'fullName', title: t('dataInterface.variate.name'), dataIndex: 'fullName', width: 160, ellipsis: true },
          { key: 'value', title: t('dataInterface.variate.value'), dataIndex: 'value', ellipsis: true },
          { key: 'creatorUser', title: t('billRule.creatorUser'), dataIndex: 'creatorUser', width: 130, ellipsis: true },
          { key: 'creatorTime', title: t('manage.creatorTime'), dataIndex: 'creatorTime', width: 150, render: time },
          sortCodeColumn(t, 70),
          stateColumn<VariateListRow>({ t, confirm, editable: can(BTN_EDIT), what: t('dataInterface.variate.what'), toggle: toggleVariate, done: list.refresh, width: 90 }),
          actionsColumn<VariateListRow>(t, 210, (row) => (
            <>
              <RowActions
                canEdit={can(BTN_EDIT)}
                canRemove={can(BTN_REMOVE)}
                label={row.fullName}
                onEdit={() => setEditing({ id: row.id })}
                onRemove={() => confirm.remove(() => deleteVariate(row.id), list.refresh)}
              />
              {can(BTN_ADD) && (
                <Button
                  type="link"
                  size="small"
                  aria-label={`${t('dataInterface.copy')} ${row.fullName}`}
                  onClick={() => confirm.action(t('dataInterface.variate.copyConfirm'), () => copyVariate(row.id), list.refresh)}
                >
                  {t('dataInterface.copy')}
                </Button>
              )}
              {can(BTN_DOWNLOAD) && (
                <Button
                  type="link"
                  size="small"
                  aria-label={`${t('manage.export')} ${row.fullName}`}
                  onClick={() => confirm.exportFile(t('dataInterface.variate.exportConfirm'), () => exportVariate(row.id))}
                >
                  {t('manage.export')}
                </Button>
              )}
            </>
          )),
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
