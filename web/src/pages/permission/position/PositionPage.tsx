/**
 * 岗位管理 (spec 02 §7.6, ROLE-010; jnpf-wire-areas.md §1.4): the organisation tree on the left
 * (choosing a node lists its positions and those below it), the positions paged on the right
 * with keyword search (Enter), reset, refresh and page sizes 20/50/100/500 (useList); 新建,
 * 编辑 and 删除 only with their buttons (PERM-011); delete and state toggle after confirmation.
 * The form picks the organisation with the organisation picker (ComSelect, what the caller
 * manages) and checks each field with the rules core's position rules; the type is a
 * PositionType dictionary item, sent by its code.
 */
import { useState } from 'react';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  createPosition,
  deletePosition,
  getPosition,
  getPositionList,
  updatePosition,
  type PositionForm,
  type PositionInfo,
  type PositionRow,
} from '@/api/position';
import { EntityFormDialog } from '@/components/EntityFormDialog';
import { ListPage } from '@/components/ListPage';
import { creatorTimeColumn, manageColumns, sortCodeColumn } from '@/components/listColumns';
import { useConfirm } from '@/components/useConfirm';
import { BTN_ADD, useButtons } from '@/hooks/useButtons';
import { useDictionary } from '@/hooks/useDictionary';
import { useList } from '@/hooks/useList';
import { ComSelect } from '@/widgets/pickers/ComSelect';
import { invalidateLookups } from '@/widgets/pickers/lookups';
import { MembersButton, MembersDialog, type MembersTarget } from '../MembersDialog';
import { OrganizeTree, useOrganizeFilter } from '../OrganizeTree';
import '../permission.css';
import { CommonItems, NameCodeItems } from '@/components/entityItems';
import { commonValues, commonWire, type CommonValues } from '@/components/entityValues';

interface Values extends CommonValues {
  /** The organisation's id path, as the picker holds it; the last id is sent. */
  organizeId: string[];
  type?: string;
}

const toWire = (v: Values): PositionForm => ({
  organizeId: v.organizeId?.[v.organizeId.length - 1] ?? '',
  ...commonWire(v),
  type: v.type ?? '',
});

export default function PositionPage() {
  const { t } = useTranslation();
  const can = useButtons();
  const confirm = useConfirm();
  const list = useList(getPositionList, { filters: { organizeId: '' } });
  const organize = useOrganizeFilter(list);
  const [target, setTarget] = useState<{ id: string } | null>(null);
  const [members, setMembers] = useState<MembersTarget | null>(null);
  const [form] = Form.useForm<Values>();
  const types = useDictionary('PositionType');
  // A new position starts in the organisation chosen on the left, when there is one.

  const toValues = (info: PositionInfo | null): Values =>
    info
      ? {
          organizeId: info.organizeIdTree,
          ...commonValues(info),
          type: info.type || undefined,
        }
      : { organizeId: organize.path, fullName: '', enCode: '', type: undefined, sortCode: 0, enabledMark: 1, description: '' };

  const saved = () => {
    invalidateLookups('position');
    list.refresh();
  };

  return (
    <div className="qm-manage qm-position-page">
      <OrganizeTree {...organize.tree} />
      <div className="qm-manage-main">
        <ListPage<PositionRow>
          list={list}
          onAdd={can(BTN_ADD) ? () => setTarget({ id: '' }) : undefined}
          scroll={{ x: 1160 }}
          columns={[
            { key: 'fullName', title: t('position.name'), dataIndex: 'fullName', width: 180 },
            { key: 'enCode', title: t('position.code'), dataIndex: 'enCode', width: 140 },
            { key: 'type', title: t('position.type'), dataIndex: 'type', width: 130 },
            { key: 'department', title: t('position.organize'), dataIndex: 'department', width: 200, ellipsis: true },
            creatorTimeColumn(t),
            sortCodeColumn(t),
            ...manageColumns<PositionRow>({
              t,
              confirm,
              can,
              what: t('position.what'),
              update: updatePosition,
              remove: deletePosition,
              onEdit: (row) => setTarget({ id: row.id }),
              done: saved,
              actionsWidth: 190,
              extra: (row) => <MembersButton row={row} kind="Position" can={can} onOpen={setMembers} />,
            }),
          ]}
        />
      </div>
      <EntityFormDialog<PositionInfo, Values> target={target} titles={[t('position.add'), t('position.edit')]} entity="position"
        form={form} api={{ get: getPosition, create: createPosition, update: updatePosition }} toValues={toValues} toWire={toWire}
        onClose={() => setTarget(null)} onSaved={saved} className="qm-position-form">
        {(rules) => (
          <>
            <Form.Item {...rules.item('organizeId')} label={t('position.organize')}>
              <ComSelect auth placeholder={t('picker.placeholder')} />
            </Form.Item>
            <NameCodeItems rules={rules} name={t('position.name')} code={t('position.code')} />
            <Form.Item {...rules.item('type')} label={t('position.type')}>
              <Select allowClear placeholder={t('picker.placeholder')} options={types.map((i) => ({ value: i.enCode, label: i.fullName }))} />
            </Form.Item>
            <CommonItems rules={rules} />
          </>
        )}
      </EntityFormDialog>
      <MembersDialog target={members} onClose={() => setMembers(null)} />
    </div>
  );
}
