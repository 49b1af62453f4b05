/**
 * 高级查询 of a generated list (columnData `hasSuperQuery`; jnpf-wire-engine.md §4.4; issue 28
 * §1): conditions on the main form's fields — field, comparison (>= > == <= < <> like notLike)
 * and a value entered by the field's own widget — joined by 匹配逻辑 AND (全部) or OR (任意),
 * sent as `superQueryJson` (`{matchLogic, conditionJson: JSON text of [{field, symbol,
 * fieldValue, jnpfKey}]}`). Which rows match is the server's (filter.rs). 清空 removes every
 * condition; a condition without its field or value is refused next to it.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Empty, Modal, Radio, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EngineContext, Widget, valueFields, type Field, type FormDefinition } from '@/engine';
import { DISPLAY_ONLY, NOT_LISTABLE } from '@/engine/definition';
import type { Core } from '@/hooks/useCore';

export interface SuperCondition {
  field: string;
  symbol: string;
  fieldValue: unknown;
}

export interface SuperQueryValue {
  matchLogic: 'AND' | 'OR';
  conditions: SuperCondition[];
}

/** The comparisons JNPF offers (§4.4). */
export const SYMBOLS = ['==', '<>', '>', '>=', '<', '<=', 'like', 'notLike'] as const;

/** The main form's fields a condition may name: core's not-listable and display-only widgets left out. */
export function queryableFields(form: FormDefinition): Field[] {
  return valueFields(form).filter((f) => !NOT_LISTABLE.has(f.__config__.jnpfKey) && !DISPLAY_ONLY.has(f.__config__.jnpfKey));
}

/** `superQueryJson` of the conditions, '' for none. */
export function superQueryJsonOf(value: SuperQueryValue, fields: Field[]): string {
  if (!value.conditions.length) return '';
  const keyOf = (name: string) => fields.find((f) => f.__vModel__ === name)?.__config__.jnpfKey ?? '';
  const conditionJson = JSON.stringify(value.conditions.map((c) => ({ field: c.field, symbol: c.symbol, fieldValue: c.fieldValue, jnpfKey: keyOf(c.field) })));
  return JSON.stringify({ matchLogic: value.matchLogic, conditionJson });
}

const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

interface Props {
  open: boolean;
  form: FormDefinition;
  value: SuperQueryValue;
  core: Core | null;
  onApply(value: SuperQueryValue): void;
  onClose(): void;
}

export function SuperQuery({ open, form, value, core, onApply, onClose }: Props) {
  const { t } = useTranslation();
  const fields = useMemo(() => queryableFields(form), [form]);
  const [draft, setDraft] = useState<SuperQueryValue>(value);
  const [tried, setTried] = useState(false);
  const engine = useMemo(() => ({ core, picked: {}, setPicked: () => undefined }), [core]);
  // Each opening starts from the conditions applied.
  useEffect(() => {
    if (open) {
      setDraft(value);
      setTried(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the dialog opens
  }, [open]);
  const set = (i: number, patch: Partial<SuperCondition>) =>
    setDraft((d) => ({ ...d, conditions: d.conditions.map((c, j) => (j === i ? { ...c, ...patch } : c)) }));
  const problems = draft.conditions.map((c) => (!c.field ? t('records.superFieldRequired') : empty(c.fieldValue) ? t('records.superValueRequired') : ''));
  return (
    <Modal
      open={open}
      title={t('records.superQuery')}
      width={800}
      className="qm-super-query"
      destroyOnHidden
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={() => setDraft((d) => ({ ...d, conditions: [] }))}>{t('records.superClear')}</Button>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            onClick={() => {
              setTried(true);
              if (problems.some(Boolean)) return;
              onApply(draft);
            }}
          >
            {t('common.search')}
          </Button>
        </Space>
      }
    >
      <EngineContext.Provider value={engine}>
        <Space className="qm-super-logic">
          <span>{t('records.superMatch')}</span>
          <Radio.Group
            value={draft.matchLogic}
            onChange={(e) => setDraft((d) => ({ ...d, matchLogic: e.target.value }))}
            options={[
              { value: 'AND', label: t('records.superAll') },
              { value: 'OR', label: t('records.superAny') },
            ]}
          />
        </Space>
        {draft.conditions.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('records.superNone')} />}
        {draft.conditions.map((c, i) => {
          const field = fields.find((f) => f.__vModel__ === c.field);
          return (
            <div key={i} className="qm-super-row" data-condition={i}>
              <Select
                className="qm-super-field"
                aria-label={t('records.superField')}
                placeholder={t('records.superField')}
                value={c.field || undefined}
                style={{ width: 200 }}
                options={fields.map((f) => ({ value: f.__vModel__ as string, label: String(f.__config__.label ?? f.__vModel__) }))}
                onChange={(name: string) => set(i, { field: name, fieldValue: undefined })}
              />
              <Select
                className="qm-super-symbol"
                aria-label={t('records.superSymbol')}
                value={c.symbol}
                style={{ width: 120 }}
                options={SYMBOLS.map((s) => ({ value: s, label: t(`records.symbol.${s}`) }))}
                onChange={(symbol: string) => set(i, { symbol })}
              />
              <div className="qm-super-value">
                {field ? (
                  <Widget field={{ ...field, __config__: { ...field.__config__, required: false }, disabled: false, readonly: false, multiple: false }} value={c.fieldValue} onChange={(v) => set(i, { fieldValue: v })} record={{}} disabled={false} id={`super-${i}`} />
                ) : null}
              </div>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('manage.remove')} onClick={() => setDraft((d) => ({ ...d, conditions: d.conditions.filter((_, j) => j !== i) }))} />
              {tried && problems[i] && (
                <Typography.Text type="danger" className="qm-super-problem">
                  {problems[i]}
                </Typography.Text>
              )}
            </div>
          );
        })}
        <Button type="dashed" icon={<PlusOutlined />} onClick={() => setDraft((d) => ({ ...d, conditions: [...d.conditions, { field: '', symbol: '==', fieldValue: undefined }] }))}>
          {t('records.superAdd')}
        </Button>
      </EngineContext.Provider>
    </Modal>
  );
}
