/**
 * 分组管理 (spec 02 §7.6, ROLE-009; jnpf-wire-areas.md §1.6): the groups, paged, with keyword
 * search (Enter), reset, refresh and page sizes 20/50/100/500 (useList); 新建, 编辑 and 删除
 * only with their buttons (PERM-011); delete and state toggle after confirmation. The form
 * checks each field with the rules core's group rules, as the server does; the type is a
 * groupType dictionary item, sent by id.
 */
import { useState } from 'react';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { createGroup, deleteGroup, getGroup, getGroupList, updateGroup, type GroupInfo, type GroupRow } from '@/api/group';
import { EntityFormDialog } from '@/components/EntityFormDialog';
import { ListPage } from '@/components/ListPage';
import { creatorTimeColumn, manageColumns, sortCodeColumn } from '@/components/listColumns';
import { useConfirm } from '@/components/useConfirm';
import { BTN_ADD, useButtons } from '@/hooks/useButtons';
import { useDictionary } from '@/hooks/useDictionary';
import { useList } from '@/hooks/useList';
import { invalidateLookups } from '@/widgets/pickers/lookups';
import { MembersButton, MembersDialog, type MembersTarget } from '../MembersDialog';
import '../permission.css';
import { CommonItems, NameCodeItems } from '@/components/entityItems';
import { commonWire, type CommonValues } from '@/components/entityValues';

interface Values extends CommonValues {
  type?: string;
}

const toValues = (info: GroupInfo | null): Values =>
  info
    ? { fullName: info.fullName, enCode: info.enCode, type: info.type || undefined, sortCode: info.sortCode, enabledMark: info.enabledMark, description: info.description }
    : { fullName: '', enCode: '', type: undefined, sortCode: 0, enabledMark: 1, description: '' };

const toWire = (v: Values) => ({
  ...commonWire(v),
  type: v.type ?? '',
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
      <ListPage<GroupRow>
        list={list}
        onAdd={can(BTN_ADD) ? () => setTarget({ id: '' }) : undefined}
        scroll={{ x: 950 }}
        columns={[
          { key: 'fullName', title: t('group.name'), dataIndex: 'fullName', width: 200 },
          { key: 'enCode', title: t('group.code'), dataIndex: 'enCode', width: 160 },
          { key: 'type', title: t('group.type'), dataIndex: 'type', width: 120 },
          { key: 'description', title: t('manage.description'), dataIndex: 'description', ellipsis: true },
          creatorTimeColumn(t),
          sortCodeColumn(t),
          ...manageColumns<GroupRow>({
            t,
            confirm,
            can,
            what: t('group.what'),
            update: updateGroup,
            remove: deleteGroup,
            onEdit: (row) => setTarget({ id: row.id }),
            done: saved,
            actionsWidth: 170,
            extra: (row) => <MembersButton row={row} kind="Group" can={can} onOpen={setMembers} />,
          }),
        ]}
      />
      <EntityFormDialog<GroupInfo, Values> target={target} titles={[t('group.add'), t('group.edit')]} entity="group" form={form}
        api={{ get: getGroup, create: createGroup, update: updateGroup }} toValues={toValues} toWire={toWire}
        onClose={() => setTarget(null)} onSaved={saved} className="qm-group-form">
        {(rules) => (
          <>
            <NameCodeItems rules={rules} name={t('group.name')} code={t('group.code')} />
            <Form.Item {...rules.item('type')} label={t('group.type')}>
              <Select
                allowClear
                placeholder={t('picker.placeholder')}
                options={types.map((i) => ({ value: i.id, label: i.fullName }))}
              />
            </Form.Item>
            <CommonItems rules={rules} />
          </>
        )}
      </EntityFormDialog>
      <MembersDialog target={members} onClose={() => setMembers(null)} />
    </div>
  );
}
