/**
 * 单据规则 (spec 01 §2.9, §3.7; BILL-001..025; jnpf-wire-areas.md §2.2): the serial-number rules,
 * paged, with keyword search (Enter), a business category filter (businessType items,
 * BILL-004), reset, refresh and page sizes 20/50/100/500 (useList). 新建 and 导入 (a .bb file)
 * above the list, 编辑, 删除 and 导出 per row, each only with its button (PERM-011); delete,
 * state toggle (BILL-007) and export after confirmation. The form's example is the rules
 * core's, live (BillRuleDialog).
 */
import { useState } from 'react';
import { Button, Form, Select, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { deleteBillRule, exportBillRule, getBillRuleList, importBillRule, toggleBillRule, type BillRuleRow } from '@/api/billRule';
import { ImportButton } from '@/components/ImportButton';
import { ListSearch, listTableProps } from '@/components/ListSearch';
import { RowActions } from '@/components/RowActions';
import { useConfirm } from '@/components/useConfirm';
import { BTN_ADD, BTN_DOWNLOAD, BTN_EDIT, BTN_REMOVE, BTN_UPLOAD, useButtons } from '@/hooks/useButtons';
import { useDictionary } from '@/hooks/useDictionary';
import { useList } from '@/hooks/useList';
import { BillRuleDialog, type BillRuleValues } from './BillRuleDialog';
import './billRule.css';
import { DATE_FORMAT } from '@/utils/format';
import { actionsColumn, sortCodeColumn, stateColumn } from '@/components/listColumns';

const time = (v: number | null | undefined) => (v ? dayjs(v).format(DATE_FORMAT) : '');

export default function BillRulePage() {
  const { t } = useTranslation();
  const can = useButtons();
  const confirm = useConfirm();
  const list = useList(getBillRuleList, { filters: { categoryId: '' } });
  const categories = useDictionary('businessType');
  const [target, setTarget] = useState<{ id: string } | null>(null);
  const [form] = Form.useForm<BillRuleValues>();

  return (
    <div className="qm-bill-rule-page">
      <ListSearch
        list={list}
        filters={
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('billRule.category')}
            placeholder={t('billRule.allCategories')}
            style={{ width: 200 }}
            value={list.query.categoryId || undefined}
            options={categories.map((c) => ({ value: c.id, label: c.fullName }))}
            onChange={(v?: string) => list.setFilters({ categoryId: v ?? '' })}
          />
        }
        actions={
          <>
            {can(BTN_ADD) && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ id: '' })}>
                {t('manage.add')}
              </Button>
            )}
            {can(BTN_UPLOAD) && <ImportButton accept=".bb" upload={importBillRule} onImported={list.refresh} />}
          </>
        }
      />
      <Table<BillRuleRow>
        {...listTableProps(list, t)}
        rowKey="id"
        size="middle"
        scroll={{ x: 1500 }}
        columns={[
          { key: 'fullName', title: t('billRule.fullName'), dataIndex: 'fullName', width: 160, ellipsis: true },
          { key: 'enCode', title: t('billRule.enCode'), dataIndex: 'enCode', width: 140 },
          { key: 'category', title: t('billRule.category'), dataIndex: 'category', width: 120 },
          { key: 'startNumber', title: t('billRule.startNumber'), dataIndex: 'startNumber', width: 110 },
          { key: 'outputNumber', title: t('billRule.outputNumber'), dataIndex: 'outputNumber', width: 180 },
          { key: 'creatorUser', title: t('billRule.creatorUser'), dataIndex: 'creatorUser', width: 130, ellipsis: true },
          { key: 'creatorTime', title: t('manage.creatorTime'), dataIndex: 'creatorTime', width: 160, render: time },
          { key: 'lastModifyTime', title: t('billRule.lastModifyTime'), dataIndex: 'lastModifyTime', width: 160, render: time },
          sortCodeColumn(t, 70),
          stateColumn<BillRuleRow>({ t, confirm, editable: can(BTN_EDIT), what: t('billRule.what'), toggle: toggleBillRule, done: list.refresh }),
          actionsColumn<BillRuleRow>(t, 160, (row) => (
            <>
              <RowActions
                canEdit={can(BTN_EDIT)}
                canRemove={can(BTN_REMOVE)}
                label={row.fullName}
                onEdit={() => setTarget({ id: row.id })}
                onRemove={() => confirm.remove(() => deleteBillRule(row.id), list.refresh)}
              />
              {can(BTN_DOWNLOAD) && (
                <Button
                  type="link"
                  size="small"
                  aria-label={`${t('manage.export')} ${row.fullName}`}
                  onClick={() => confirm.exportFile(t('billRule.exportConfirm'), () => exportBillRule(row.id))}
                >
                  {t('manage.export')}
                </Button>
              )}
            </>
          )),
        ]}
      />
      <BillRuleDialog target={target} form={form} categories={categories} onClose={() => setTarget(null)} onSaved={list.refresh} />
    </div>
  );
}
