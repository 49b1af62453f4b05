/**
 * 单据规则 (spec 01 §2.9, §3.7; BILL-001..025; jnpf-wire-areas.md §2.2): the serial-number rules,
 * paged, with keyword search (Enter), a business category filter (businessType items,
 * BILL-004), reset, refresh and page sizes 20/50/100/500 (useList). 新建 and 导入 (a .bb file)
 * above the list, 编辑, 删除 and 导出 per row, each only with its button (PERM-011); delete,
 * state toggle (BILL-007) and export after confirmation. The form's example is the rules
 * core's, live (BillRuleDialog).
 */
import { useState } from 'react';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { deleteBillRule, exportBillRule, getBillRuleList, importBillRule, toggleBillRule, type BillRuleRow } from '@/api/billRule';
import { ImportButton } from '@/components/ImportButton';
import { ListPage } from '@/components/ListPage';
import { RowButton } from '@/components/RowActions';
import { useConfirm } from '@/components/useConfirm';
import { BTN_ADD, BTN_DOWNLOAD, BTN_UPLOAD, useButtons } from '@/hooks/useButtons';
import { useDictionary } from '@/hooks/useDictionary';
import { useList } from '@/hooks/useList';
import { BillRuleDialog, type BillRuleValues } from './BillRuleDialog';
import './billRule.css';
import { creatorTimeColumn, creatorUserColumn, manageColumns, sortCodeColumn, timeColumn } from '@/components/listColumns';

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
      <ListPage<BillRuleRow, { categoryId: string }>
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
        onAdd={can(BTN_ADD) ? () => setTarget({ id: '' }) : undefined}
        actions={can(BTN_UPLOAD) && <ImportButton accept=".bb" upload={importBillRule} onImported={list.refresh} />}
        scroll={{ x: 1500 }}
        columns={[
          { key: 'fullName', title: t('billRule.fullName'), dataIndex: 'fullName', width: 160, ellipsis: true },
          { key: 'enCode', title: t('billRule.enCode'), dataIndex: 'enCode', width: 140 },
          { key: 'category', title: t('billRule.category'), dataIndex: 'category', width: 120 },
          { key: 'startNumber', title: t('billRule.startNumber'), dataIndex: 'startNumber', width: 110 },
          { key: 'outputNumber', title: t('billRule.outputNumber'), dataIndex: 'outputNumber', width: 180 },
          creatorUserColumn(t('billRule.creatorUser')),
          creatorTimeColumn(t, 160),
          timeColumn('lastModifyTime', t('billRule.lastModifyTime'), 160),
          sortCodeColumn(t, 70),
          ...manageColumns<BillRuleRow>({
            t,
            confirm,
            can,
            what: t('billRule.what'),
            toggle: toggleBillRule,
            remove: deleteBillRule,
            onEdit: (row) => setTarget({ id: row.id }),
            done: list.refresh,
            actionsWidth: 160,
            extra: (row) =>
              can(BTN_DOWNLOAD) && (
                <RowButton
                  text={t('manage.export')}
                  label={row.fullName}
                  onClick={() => confirm.exportFile(t('billRule.exportConfirm'), () => exportBillRule(row.id))}
                />
              ),
          }),
        ]}
      />
      <BillRuleDialog target={target} form={form} categories={categories} onClose={() => setTarget(null)} onSaved={list.refresh} />
    </div>
  );
}
