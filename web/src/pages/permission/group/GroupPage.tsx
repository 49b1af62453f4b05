/**
 * 分组管理 (spec 02 §7.6, ROLE-009; jnpf-wire-areas.md §1.6): the groups, paged, with keyword
 * search (Enter), reset, refresh and page sizes 20/50/100/500 (useList); 新建, 编辑 and 删除
 * only with their buttons (PERM-011); delete and state toggle after confirmation. The form
 * checks each field with the rules core's group rules, as the server does; the type is a
 * groupType dictionary item, sent by id.
 */
import { useState } from 'react';
import { Button, Form, Input, InputNumber, Select, Switch, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { createGroup, deleteGroup, getGroup, getGroupList, updateGroup, type GroupInfo, type GroupRow } from '@/api/group';
import { EntityFormDialog } from '@/components/EntityFormDialog';
import { ListSearch, listTableProps } from '@/components/ListSearch';
import { RowActions } from '@/components/RowActions';
import { StateCell } from '@/components/StateCell';
import { useConfirm } from '@/components/useConfirm';
import { BTN_ADD, BTN_EDIT, BTN_REMOVE, useButtons } from '@/hooks/useButtons';
import { useDictionary } from '@/hooks/useDictionary';
import { useList } from '@/hooks/useList';
import { invalidateLookups } from '@/widgets/pickers/lookups';
import { MembersDialog, type MembersTarget } from '../MembersDialog';
import '../permission.css';
import { DATE_FORMAT } from '@/utils/format';

interface Values {
  fullName: string;
  enCode: string;
  type?: string;
  sortCode: number | null;
  enabledMark: number;
  description: string;
}

const toValues = (info: GroupInfo | null): Values =>
  info
    ? { fullName: info.fullName, enCode: info.enCode, type: info.type || undefined, sortCode: info.sortCode, enabledMark: info.enabledMark, description: info.description }
    : { fullName: '', enCode: '', type: undefined, sortCode: 0, enabledMark: 1, description: '' };

const toWire = (v: Values) => ({
  fullName: v.fullName?.trim() ?? '',
  enCode: v.enCode?.trim() ?? '',
  type: v.type ?? '',
  sortCode: v.sortCode ?? 0,
  enabledMark: v.enabledMark,
  description: v.description ?? '',
});

export default function GroupPage() {
  const { t } = useTranslation();
  const can = useButtons();
  const confirm = useConfirm();
  const list = useList(getGroupList);
  const [target, setTarget] = useState<{ id: string } | null>(null);
  const [members, setMembers] = useState<MembersTarget | null>(null);
  const [form] = Form.useForm<Values>();
  const types = useDictionary('groupType');

  const saved = () => {
    invalidateLookups('group');
    list.refresh();
  };

  return (
    <div className="qm-group-page">
      <ListSearch
        list={list}
        actions={
          can(BTN_ADD) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ id: '' })}>
              {t('manage.add')}
            </Button>
          )
        }
      />
      <Table<GroupRow>
        {...listTableProps(list, t)}
        rowKey="id"
        size="middle"
        scroll={{ x: 950 }}
        columns={[
          { key: 'fullName', title: t('group.name'), dataIndex: 'fullName', width: 200 },
          { key: 'enCode', title: t('group.code'), dataIndex: 'enCode', width: 160 },
          { key: 'type', title: t('group.type'), dataIndex: 'type', width: 120 },
          { key: 'description', title: t('manage.description'), dataIndex: 'description', ellipsis: true },
          {
            key: 'creatorTime',
            title: t('manage.creatorTime'),
            dataIndex: 'creatorTime',
            width: 170,
            render: (v: number) => (v ? dayjs(v).format(DATE_FORMAT) : ''),
          },
          { key: 'sortCode', title: t('manage.sortCode'), dataIndex: 'sortCode', width: 80, align: 'center' },
          {
            key: 'enabledMark',
            title: t('manage.state'),
            dataIndex: 'enabledMark',
            width: 100,
            align: 'center',
            render: (v: number, row) => (
              <StateCell
                enabledMark={v}
                editable={can(BTN_EDIT)}
                label={row.fullName}
                onToggle={() => confirm.toggle(v === 1, t('group.what'), () => updateGroup(row.id, { enabledMark: v === 1 ? 0 : 1 }), saved)}
              />
            ),
          },
          {
            key: 'actions',
            title: t('manage.actions'),
            width: 170,
            fixed: 'right',
            render: (_: unknown, row) => (
              <RowActions
                canEdit={can(BTN_EDIT)}
                canRemove={can(BTN_REMOVE)}
                label={row.fullName}
                onEdit={() => setTarget({ id: row.id })}
                onRemove={() => confirm.remove(() => deleteGroup(row.id), saved)}
                extra={
                  can(BTN_EDIT) && (
                    <Button type="link" size="small" aria-label={`${t('authorize.members.group')} ${row.fullName}`} onClick={() => setMembers({ id: row.id, name: row.fullName, type: 'Group' })}>
                      {t('authorize.members.group')}
                    </Button>
                  )
                }
              />
            ),
          },
        ]}
      />
      <EntityFormDialog<GroupInfo, Values>
        target={target}
        title={target?.id ? t('group.edit') : t('group.add')}
        entity="group"
        form={form}
        load={getGroup}
        toValues={toValues}
        toWire={toWire}
        save={(id, body) => (id ? updateGroup(id, body) : createGroup(body))}
        onClose={() => setTarget(null)}
        onSaved={saved}
        className="qm-group-form"
      >
        {(rules) => (
          <>
            <Form.Item {...rules.item('fullName')} label={t('group.name')}>
              <Input maxLength={rules.maxLength('fullName')} placeholder={t('group.name')} />
            </Form.Item>
            <Form.Item {...rules.item('enCode')} label={t('group.code')}>
              <Input maxLength={rules.maxLength('enCode')} placeholder={t('group.code')} />
            </Form.Item>
            <Form.Item {...rules.item('type')} label={t('group.type')}>
              <Select
                allowClear
                placeholder={t('picker.placeholder')}
                options={types.map((i) => ({ value: i.id, label: i.fullName }))}
              />
            </Form.Item>
            <Form.Item name="sortCode" label={t('manage.sortCode')}>
              <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="enabledMark" label={t('manage.state')} getValueProps={(v) => ({ checked: v === 1 })} normalize={(v: boolean) => (v ? 1 : 0)}>
              <Switch />
            </Form.Item>
            <Form.Item {...rules.item('description')} label={t('manage.description')}>
              <Input.TextArea rows={3} maxLength={rules.maxLength('description')} />
            </Form.Item>
          </>
        )}
      </EntityFormDialog>
      <MembersDialog target={members} onClose={() => setMembers(null)} />
    </div>
  );
}
