/**
 * 打印模板 (issue 29; jnpf-wire-engine2.md §6): the print templates, paged, with keyword search
 * (Enter), a category filter (printDev dictionary, by enCode), reset, refresh and paging
 * (useList). 新建 and 导入 (a .bp file) above the list; 编辑, 删除, 复制, 导出 and 日志 per row,
 * each only with its button (复制 with btn_add, 导出 with btn_download); state, copy, delete
 * and export after confirmation. The form is the designer's 基础设置 step (PrintDevDialog);
 * the 打印设计 step is not here yet.
 */
import { useState } from 'react';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  copyPrintTemplate,
  deletePrintTemplate,
  exportPrintTemplate,
  getPrintTemplateList,
  importPrintTemplate,
  togglePrintTemplate,
  type PrintTemplateRow,
} from '@/api/printDev';
import { ImportButton } from '@/components/ImportButton';
import { ListPage } from '@/components/ListPage';
import { RowButton } from '@/components/RowActions';
import { useConfirm } from '@/components/useConfirm';
import { creatorTimeColumn, manageColumns } from '@/components/listColumns';
import { BTN_ADD, BTN_DOWNLOAD, BTN_UPLOAD, useButtons } from '@/hooks/useButtons';
import { useDictionary } from '@/hooks/useDictionary';
import { useList } from '@/hooks/useList';
import { PrintDevDialog, type PrintDevValues } from './PrintDevDialog';
import { PrintLogDrawer } from './PrintLogDrawer';
import { TEMPLATE_TYPES } from './templateTypes';
import './printDev.css';

export default function PrintDevPage() {
  const { t } = useTranslation();
  const can = useButtons();
  const confirm = useConfirm();
  const list = useList(getPrintTemplateList, { filters: { category: '' } });
  const categories = useDictionary('printDev');
  const [target, setTarget] = useState<{ id: string } | null>(null);
  const [logOf, setLogOf] = useState<{ id: string; fullName: string } | null>(null);
  const [form] = Form.useForm<PrintDevValues>();
  const typeName = (v: number) => {
    const found = TEMPLATE_TYPES.find((x) => x.value === v);
    return found ? t(found.key) : '';
  };

  return (
    <div className="qm-print-dev-page">
      <ListPage<PrintTemplateRow, { category: string }>
        list={list}
        filters={
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('printDev.category')}
            placeholder={t('printDev.allCategories')}
            style={{ width: 200 }}
            value={list.query.category || undefined}
            options={categories.map((c) => ({ value: c.enCode, label: c.fullName }))}
            onChange={(v?: string) => list.setFilters({ category: v ?? '' })}
          />
        }
        onAdd={can(BTN_ADD) ? () => setTarget({ id: '' }) : undefined}
        actions={can(BTN_UPLOAD) && <ImportButton accept=".bp" upload={importPrintTemplate} onImported={list.refresh} />}
        scroll={{ x: 1200 }}
        columns={[
          { key: 'fullName', title: t('printDev.fullName'), dataIndex: 'fullName', width: 180, ellipsis: true },
          { key: 'enCode', title: t('printDev.enCode'), dataIndex: 'enCode', width: 150 },
          { key: 'category', title: t('printDev.category'), dataIndex: 'category', width: 120 },
          { key: 'type', title: t('printDev.type'), dataIndex: 'type', width: 100, render: typeName },
          creatorTimeColumn(t, 160),
          ...manageColumns<PrintTemplateRow>({
            t,
            confirm,
            can,
            what: t('printDev.what'),
            toggle: togglePrintTemplate,
            remove: deletePrintTemplate,
            onEdit: (row) => setTarget({ id: row.id }),
            done: list.refresh,
            actionsWidth: 260,
            extra: (row) => (
              <>
                {can(BTN_ADD) && (
                  <RowButton
                    text={t('printDev.copy')}
                    label={row.fullName}
                    onClick={() => confirm.action(t('printDev.copyConfirm'), () => copyPrintTemplate(row.id), list.refresh)}
                  />
                )}
                {can(BTN_DOWNLOAD) && (
                  <RowButton
                    text={t('manage.export')}
                    label={row.fullName}
                    onClick={() => confirm.exportFile(t('printDev.exportConfirm'), () => exportPrintTemplate(row.id))}
                  />
                )}
                <RowButton text={t('printDev.log')} label={row.fullName} onClick={() => setLogOf({ id: row.id, fullName: row.fullName })} />
              </>
            ),
          }),
        ]}
      />
      <PrintDevDialog target={target} form={form} categories={categories} onClose={() => setTarget(null)} onSaved={list.refresh} />
      <PrintLogDrawer target={logOf} onClose={() => setLogOf(null)} />
    </div>
  );
}
