/**
 * The serial-number rule picker (单据规则选择, widget spec 2.7; WGT-072..075, BILL-024,
 * BILL-025): a read-only field with an add button; the field opens a 1000px dialog with the
 * business categories on the left (root 业务分类, then the businessType dictionary's items),
 * and on the right the enabled rules of the chosen category (`BillRule/Selector`, 20 a page)
 * with the keyword (Enter), 查询, 重置 and 刷新, a radio column, the index, 业务名称, 业务编码
 * and 流水起始, and the pager. The add buttons (beside the field and above the table) open the
 * serial-number rule page's own form (BillRuleDialog, registered by the app: managers.ts) —
 * checked by the rules core, with its live example — and a saved rule appears in the list.
 *
 * The value is the picked rule's enCode (jnpf-wire-areas.md §2.2: "The serial-rule field
 * stores enCode"); `onChange` gives the whole row too ({id, enCode, fullName, startNumber}).
 * 确定 writes the pending pick, 取消 leaves the value; the clear icon empties it.
 */
import { useEffect, useState, type Key } from 'react';
import { Button, Input, Modal, Space, Tree } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getBillRuleSelector, type BillRuleOption } from '@/api/billRule';
import { ListPage } from '@/components/ListPage';
import { useDictionary } from '@/hooks/useDictionary';
import { useList } from '@/hooks/useList';
import type { PickerFieldProps } from './common';
import { pickerManagers } from './managers';
import './pickers.css';

/** Widget spec 2.7, §9: the dialog is 1000px wide. */
export const BILL_RULE_DIALOG_WIDTH = 1000;
/** The category tree's root: every category. */
const ROOT = '__all__';

export interface BillRuleSelectProps extends Omit<PickerFieldProps, 'multiple'> {
  /** The picked rule's enCode ('' for none). */
  value?: string | null;
  onChange?(value: string, rule: BillRuleOption | null): void;
}

export function BillRuleSelect({ value, onChange, disabled, clearable = true, placeholder, title, id, className }: BillRuleSelectProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [adding, setAdding] = useState<{ id: string } | null>(null);
  const [added, setAdded] = useState(0);
  const Manager = pickerManagers().billRule;
  const categories = useDictionary('businessType');
  const text = value ?? '';

  return (
    <div className={`qm-bill-rule-select${className ? ` ${className}` : ''}`}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          readOnly
          value={text}
          disabled={disabled}
          placeholder={placeholder ?? t('picker.placeholder')}
          allowClear={clearable && !disabled}
          onChange={(e) => e.target.value === '' && onChange?.('', null)}
          onClick={() => !disabled && setOpen(true)}
          onKeyDown={(e) => e.key === 'Enter' && !disabled && setOpen(true)}
          className="qm-bill-rule-input"
        />
        {Manager && <Button icon={<PlusOutlined />} disabled={disabled} aria-label={t('billRule.add')} onClick={() => setAdding({ id: '' })} />}
      </Space.Compact>
      <RuleDialog
        open={open}
        title={title ?? t('billRule.pickerTitle')}
        value={text}
        categories={categories.map((c) => ({ key: c.id, title: c.fullName }))}
        added={added}
        onAdd={Manager ? () => setAdding({ id: '' }) : undefined}
        onCancel={() => setOpen(false)}
        onConfirm={(rule) => {
          setOpen(false);
          onChange?.(rule?.enCode ?? '', rule);
        }}
      />
      {Manager && <Manager target={adding} categories={categories} onClose={() => setAdding(null)} onSaved={() => setAdded((n) => n + 1)} />}
    </div>
  );
}

interface DialogProps {
  open: boolean;
  title: string;
  value: string;
  categories: { key: string; title: string }[];
  /** Counts the rules added: each one refreshes the list. */
  added: number;
  /** Opens the rule form; without one (none registered) there is no add button. */
  onAdd?: () => void;
  onCancel(): void;
  onConfirm(rule: BillRuleOption | null): void;
}

function RuleDialog({ open, title, value, categories, added, onAdd, onCancel, onConfirm }: DialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      width={BILL_RULE_DIALOG_WIDTH}
      mask={{ closable: false }}
      destroyOnHidden
      className="qm-picker-dialog qm-bill-rule-dialog"
      onCancel={onCancel}
      footer={null}
    >
      {/* Mounted per opening: the list starts afresh at page 1 of every category. */}
      {open && <RuleList value={value} categories={categories} added={added} onAdd={onAdd} onCancel={onCancel} onConfirm={onConfirm} />}
    </Modal>
  );
}

function RuleList({ value, categories, added, onAdd, onCancel, onConfirm }: Omit<DialogProps, 'open' | 'title'>) {
  const { t } = useTranslation();
  const list = useList(getBillRuleSelector, { filters: { categoryId: '' } });
  const [picked, setPicked] = useState<BillRuleOption | null>(null);
  const [expanded, setExpanded] = useState<Key[]>([ROOT]);
  const { refresh } = list;
  // A rule saved by the embedded form is listed at once.
  useEffect(() => {
    if (added) refresh();
  }, [added, refresh]);
  const pickedKey = picked?.enCode ?? value;
  const selected: Key[] = list.list.filter((r) => r.enCode === pickedKey).map((r) => r.id);
  const start = (list.query.currentPage - 1) * list.query.pageSize;

  return (
    <>
      <div className="qm-bill-rule-body">
        <div className="qm-bill-rule-categories" aria-label={t('billRule.category')}>
          <Tree
            blockNode
            expandedKeys={expanded}
            onExpand={setExpanded}
            selectedKeys={[list.query.categoryId || ROOT]}
            treeData={[{ key: ROOT, title: t('billRule.category'), children: categories }]}
            onSelect={(keys) => {
              const key = String(keys[0] ?? ROOT);
              list.setFilters({ categoryId: key === ROOT ? '' : key });
            }}
          />
        </div>
        <div className="qm-bill-rule-main">
          <ListPage<BillRuleOption>
            list={list}
            onAdd={onAdd}
            size="small"
            scroll={{ y: 360 }}
            rowSelection={{
              type: 'radio',
              selectedRowKeys: selected,
              onChange: (_keys, rows) => setPicked(rows[0] ?? null),
              getCheckboxProps: (row) => ({ 'aria-label': row.fullName }),
            }}
            onRow={(row) => ({ onClick: () => setPicked(row) })}
            columns={[
              { key: 'index', title: t('common.index'), width: 60, align: 'center', render: (_: unknown, _row, i) => start + i + 1 },
              { key: 'fullName', title: t('billRule.fullName'), dataIndex: 'fullName', ellipsis: true },
              { key: 'enCode', title: t('billRule.enCode'), dataIndex: 'enCode', ellipsis: true },
              { key: 'startNumber', title: t('billRule.startNumber'), dataIndex: 'startNumber', width: 140 },
            ]}
          />
        </div>
      </div>
      <div className="ant-modal-footer qm-bill-rule-footer">
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" disabled={!picked && !value} onClick={() => (picked ? onConfirm(picked) : onCancel())}>
          {t('common.confirm')}
        </Button>
      </div>
    </>
  );
}
