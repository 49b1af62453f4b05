/**
 * 流程设计 (issue 30; jnpf-wire-engine2.md §7.12): the flow templates, paged, with keyword search
 * (Enter) and 流程分类 (WorkFlowCategory, by item id); columns 流程名称, 流程编码, 流程分类, 流程类型,
 * 排序, 状态, 创建时间; per row 设计 and 编辑 (btn_edit), 复制 (btn_add), 启用流程 / 禁用流程
 * (btn_edit) and 删除 (btn_remove), each acting after confirmation. 新建 opens the editor
 * (FlowEngineEditor): 基础信息, then the designer.
 */
import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyFlowTemplate, deleteFlowTemplate, getFlowTemplateList, releaseFlowTemplate, stopFlowTemplate, type FlowTemplateRow } from '@/api/flowEngine';
import { ListPage } from '@/components/ListPage';
import { RowButton } from '@/components/RowActions';
import { StateCell } from '@/components/StateCell';
import { useConfirm } from '@/components/useConfirm';
import { creatorTimeColumn, rowActionsColumn, sortCodeColumn } from '@/components/listColumns';
import { BTN_ADD, BTN_EDIT, BTN_REMOVE, useButtons } from '@/hooks/useButtons';
import { useDictionary } from '@/hooks/useDictionary';
import { useList } from '@/hooks/useList';
import { FlowEngineEditor, type EditorTarget } from './FlowEngineEditor';

/** The dictionary of flow categories (seeded with the menu). */
export const FLOW_CATEGORY = 'WorkFlowCategory';

export default function FlowEnginePage() {
  const { t } = useTranslation();
  const can = useButtons();
  const confirm = useConfirm();
  const list = useList(getFlowTemplateList, { filters: { category: '' } });
  const categories = useDictionary(FLOW_CATEGORY);
  const [target, setTarget] = useState<EditorTarget | null>(null);

  return (
    <div className="qm-flow-engine-page">
      <ListPage<FlowTemplateRow, { category: string }>
        list={list}
        filters={
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('flowEngine.category')}
            placeholder={t('flowEngine.allCategories')}
            style={{ width: 200 }}
            value={list.query.category || undefined}
            options={categories.map((c) => ({ value: c.id, label: c.fullName }))}
            onChange={(v?: string) => list.setFilters({ category: v ?? '' })}
          />
        }
        onAdd={can(BTN_ADD) ? () => setTarget({ id: '', step: 0 }) : undefined}
        scroll={{ x: 1250 }}
        columns={[
          { key: 'fullName', title: t('flowEngine.fullName'), dataIndex: 'fullName', width: 180, ellipsis: true },
          { key: 'enCode', title: t('flowEngine.enCode'), dataIndex: 'enCode', width: 150 },
          { key: 'category', title: t('flowEngine.category'), dataIndex: 'category', width: 120 },
          { key: 'type', title: t('flowEngine.type'), dataIndex: 'type', width: 100, render: (v: number) => t(`flowEngine.types.${v === 1 ? 1 : 0}`) },
          sortCodeColumn(t),
          {
            key: 'enabledMark',
            title: t('manage.state'),
            dataIndex: 'enabledMark',
            width: 90,
            align: 'center',
            render: (v: number, row: FlowTemplateRow) => <StateCell enabledMark={v} editable={false} label={row.fullName} onToggle={() => undefined} />,
          },
          creatorTimeColumn(t, 160),
          rowActionsColumn<FlowTemplateRow>({
            t,
            confirm,
            width: 330,
            canEdit: can(BTN_EDIT),
            canRemove: can(BTN_REMOVE),
            onEdit: (row) => setTarget({ id: row.id, step: 0 }),
            remove: deleteFlowTemplate,
            done: list.refresh,
            before: (row) => can(BTN_EDIT) && <RowButton text={t('flowEngine.design')} label={row.fullName} onClick={() => setTarget({ id: row.id, step: 1 })} />,
            extra: (row) => (
              <>
                {can(BTN_ADD) && (
                  <RowButton text={t('flowEngine.copy')} label={row.fullName} onClick={() => confirm.action(t('flowEngine.copyConfirm'), () => copyFlowTemplate(row.id), list.refresh)} />
                )}
                {can(BTN_EDIT) &&
                  (row.enabledMark === 1 ? (
                    <RowButton text={t('flowEngine.stop')} label={row.fullName} onClick={() => confirm.action(t('flowEngine.stopConfirm'), () => stopFlowTemplate(row.id), list.refresh)} />
                  ) : (
                    <RowButton text={t('flowEngine.release')} label={row.fullName} onClick={() => confirm.action(t('flowEngine.releaseConfirm'), () => releaseFlowTemplate(row.id), list.refresh)} />
                  ))}
              </>
            ),
          }),
        ]}
      />
      {target && <FlowEngineEditor target={target} categories={categories} onClose={() => setTarget(null)} onSaved={list.refresh} />}
    </div>
  );
}
