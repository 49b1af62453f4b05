/**
 * The detail viewer (spec 02 §2.11; jnpf-wire-engine.md §3.7): the form's layout with each
 * field's display value, read-only. It reads a DataChange answer (names instead of ids,
 * `field` text and `field_id` for related records, attrs under `<source>_<showField>`) and,
 * before that API exists, a raw record: option widgets then show their options' labels.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Form, Rate, Row, Spin, Table } from 'antd';
import { useCore } from '@/hooks/useCore';
import { safeHtml } from '@/utils/safeHtml';
import { UploadFz, UploadImg } from '@/widgets/upload';
import type { FileEntry } from '@/api/file';
import { columnsOf, DISPLAY_ONLY, labelOf, readFormData, walkFields, type Field, type FormDefinition, type FormRecord } from './definition';
import { EngineContext, type ModelExtra } from './context';
import { FieldLabel, renderLayout } from './FormRenderer';
import { useRelated } from './related';
import { PopupText } from './popups';
import { DisplayWidget } from './widgets';
import { columnTotal, displayText, formatNumber } from './values';
import './engine.css';

const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));

type Core = ReturnType<typeof useCore>;

type OpenRelated = (modelId: string, id: string) => void;

/** A field's value as the viewer shows it. */
function DisplayValue({ core, field, value, record, openRelated }: { core: Core; field: Field; value: unknown; record: FormRecord; openRelated: OpenRelated }): ReactNode {
  const key = field.__config__.jnpfKey;
  if (key === 'relationForm' && value !== null && value !== undefined && value !== '') {
    // DataChange keeps the related record's text under the field's name and its id under
    // name_id (WGT-065); the text is a link to that record's own details (VIEW-006).
    const name = str(field.__vModel__);
    const id = str(record[`${name}_id`] ?? value);
    return (
      <a className="qm-engine-value qm-engine-relation-link" onClick={() => openRelated(str(field.modelId), id)}>
        {displayText(core, field, value, record)}
      </a>
    );
  }
  // A raw record keeps the chosen rows' ids: named as the field names them.
  if (key === 'popupSelect' || key === 'popupTableSelect') return <PopupText field={field} value={value} record={record} />;
  if (key === 'uploadFz' || key === 'uploadImg') {
    const Upload = key === 'uploadFz' ? UploadFz : UploadImg;
    return <Upload value={(Array.isArray(value) ? value : []) as FileEntry[]} detailed disabled />;
  }
  if (key === 'editor') return <div className="qm-engine-html" dangerouslySetInnerHTML={{ __html: safeHtml(str(value)) }} />;
  if (key === 'rate') return <Rate disabled value={Number(value) || 0} count={typeof field.max === 'number' ? field.max : 5} allowHalf />;
  if (key === 'colorPicker')
    return value ? (
      <span className="qm-engine-color">
        <i style={{ background: str(value) }} />
        {str(value)}
      </span>
    ) : null;
  const text = displayText(core, field, value, record);
  // WGT-111: a number shows with its prefix and suffix (addonBefore / addonAfter), as in the form.
  if (key === 'numInput' && text && (field.addonBefore || field.addonAfter))
    return (
      <span className="qm-engine-value">
        {str(field.addonBefore)}
        {text}
        {str(field.addonAfter)}
      </span>
    );
  return <span className="qm-engine-value">{text}</span>;
}

export interface DetailViewerProps {
  /** formData (JSON text or JSON). */
  formData: FormDefinition | string;
  /** The record: DataChange's display values, or a raw record. */
  record: FormRecord;
  /** The record and model shown (a qrcode of dataType 'form' encodes them). */
  model?: ModelExtra;
}

/** A record shown read-only in its form's layout. */
export function DetailViewer({ formData, record, model }: DetailViewerProps) {
  const core = useCore();
  const { RelatedDetail } = useRelated();
  const [related, setRelated] = useState<{ modelId: string; id: string } | null>(null);
  const openRelated: OpenRelated = (modelId, id) => setRelated({ modelId, id });
  const form = useMemo(() => readFormData(formData) ?? { fields: [] }, [formData]);
  const gutter = typeof form.gutter === 'number' ? form.gutter : 15;
  // Attr fields read the related row: DataChange gives `<source>_<showField>`, or the stored
  // text under the attr's own name (isStorage 2).
  const picked = useMemo(() => {
    const rows: Record<string, Record<string, unknown>> = {};
    walkFields(form.fields, (f) => {
      if (!['relationFormAttr', 'popupAttr'].includes(f.__config__.jnpfKey)) return;
      const source = String(f.relationField ?? '').split('_jnpfTable_')[0];
      const showField = String(f.showField ?? '');
      if (!source || !showField) return;
      const value = record[`${source}_${showField}`] ?? (f.__vModel__ ? record[f.__vModel__] : undefined);
      if (value !== undefined) (rows[source] ??= {})[showField] = value;
    });
    return rows;
  }, [form, record]);

  const leaf = (field: Field) => {
    const c = field.__config__;
    const name = field.__vModel__ ?? '';
    if (c.jnpfKey === 'table') {
      const rows = (Array.isArray(record[name]) ? record[name] : []) as FormRecord[];
      const columns = columnsOf(field).filter((c) => !core || core.isShownOnPc(c));
      const summary = field['show-summary'] === true ? new Set((field.summaryField as string[]) ?? []) : null;
      return (
        <div className="qm-engine-subtable" data-table={name}>
          <div className="qm-engine-subtable-title">{labelOf(field)}</div>
          <Table<FormRecord>
            size="small"
            bordered
            rowKey="__row"
            dataSource={rows.map((r, i) => ({ ...r, __row: i }))}
            pagination={false}
            columns={columns.map((col) => ({
              key: col.__vModel__,
              title: labelOf(col),
              render: (_: unknown, row: FormRecord) => <DisplayValue core={core} field={col} value={row[col.__vModel__ as string]} record={row} openRelated={openRelated} />,
            }))}
            summary={
              summary
                ? () => (
                    <Table.Summary.Row className="qm-engine-summary">
                      {columns.map((col, i) => (
                        <Table.Summary.Cell index={i} key={col.__vModel__}>
                          <span data-summary={col.__vModel__}>
                            {summary.has(col.__vModel__ as string) ? formatNumber(core, columnTotal(core, record, name, col), col.precision ?? 2, field.thousands === true) : ''}
                          </span>
                        </Table.Summary.Cell>
                      ))}
                    </Table.Summary.Row>
                  )
                : undefined
            }
          />
        </div>
      );
    }
    if (DISPLAY_ONLY.has(c.jnpfKey) || !name) {
      const shown = <DisplayWidget field={field} record={record} />;
      return c.showLabel !== false && !['groupTitle', 'divider', 'alert', 'JNPFText'].includes(c.jnpfKey) ? <Form.Item label={<FieldLabel field={field} />}>{shown}</Form.Item> : shown;
    }
    return (
      <Form.Item label={c.showLabel !== false ? <FieldLabel field={field} /> : undefined}>
        <DisplayValue core={core} field={field} value={record[name]} record={record} openRelated={openRelated} />
      </Form.Item>
    );
  };

  const labelWidth = typeof form.labelWidth === 'number' ? form.labelWidth : 100;
  return (
    <EngineContext.Provider value={{ core, picked, setPicked: () => undefined, model }}>
      <Form component="div" className="qm-engine-form qm-engine-detail" labelCol={{ flex: `${labelWidth}px` }} labelWrap>
        <Row gutter={gutter}>{core ? renderLayout(form.fields, leaf, gutter, (f) => core.isShownOnPc(f)) : <Spin />}</Row>
      </Form>
      {related && RelatedDetail && <RelatedDetail modelId={related.modelId} id={related.id} onClose={() => setRelated(null)} />}
    </EngineContext.Provider>
  );
}

