/**
 * 新建接口 / 编辑接口 (jnpf-wire-areas.md §2.4; DI-005): a data interface's form in a 900px dialog —
 * name, code, category (a DataInterfaceType item), type (SQL, static data, API), then per type
 * the SQL text (one read-only SELECT; `{field}` for a parameter, @user, @organization, …), the
 * static JSON, or the API's address, method, timeout and headers; the parameters table (name,
 * type — the session's createUser, createTime, currOrganize, currPosition among them —, default,
 * required, description); sort, state and description.
 *
 * The rules core's `dataInterface` form checks the fields as they are typed and again on 确定,
 * before anything is sent. The server checks the rest on save — the SQL guard refuses anything
 * but one read-only SELECT, the parameter names must be present and unique — and its message
 * shows under the field it names (the parameters' above their table), with what was typed kept.
 */
import { useEffect, useState } from 'react';
import { Button, Checkbox, Col, Form, Input, InputNumber, Radio, Row, Select, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { createInterface, getInterface, updateInterface, type InterfaceRow } from '@/api/dataInterface';
import type { DictionaryItem } from '@/api/dictionary';
import { EntityFormDialog } from '@/components/EntityFormDialog';
import { DescriptionItem, EnabledMarkItem, SortCodeItem, TextItem } from '@/components/entityItems';
import { fieldErrorsOf } from '@/utils/formErrors';
import { DATA_TYPES, HTTP_METHODS, PARAM_TYPES, rowToValues, valuesToWire, type InterfaceValues } from './form';

export const INTERFACE_DIALOG_WIDTH = 900;

interface Props {
  /** Open for a new interface (`id` '', in `categoryId` when one is chosen) or an existing one. */
  target: { id: string; categoryId?: string } | null;
  categories: DictionaryItem[];
  onClose(): void;
  onSaved(): void;
}

export function InterfaceDialog({ target, categories, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<InterfaceValues>();
  // The server's message about the parameters (they have no single field).
  const [paramsError, setParamsError] = useState<string | null>(null);
  useEffect(() => setParamsError(null), [target]);
  const type = (Form.useWatch('dataType', form) ?? 1) as number;

  return (
    <EntityFormDialog<InterfaceRow, InterfaceValues> target={target} titles={[t('dataInterface.add'), t('dataInterface.edit')]}
      entity="dataInterface" form={form} api={{ get: getInterface, create: createInterface, update: updateInterface }}
      toValues={(info) => rowToValues(info, info ? undefined : target?.categoryId)} toWire={valuesToWire}
      onRefused={(unmatched, error) => setParamsError((unmatched.requestParameters ?? fieldErrorsOf(error)?.requestHeaders)?.[0] ?? null)}
      onClose={onClose} onSaved={onSaved} className="qm-interface-form" width={INTERFACE_DIALOG_WIDTH}>
      {(rules) => (
        <>
          <Row gutter={16}>
            <Col span={12}>
              <TextItem rules={rules} name="fullName" label={t('dataInterface.fullName')} />
            </Col>
            <Col span={12}>
              <TextItem rules={rules} name="enCode" label={t('dataInterface.enCode')} />
            </Col>
            <Col span={12}>
              <Form.Item {...rules.item('categoryId')} label={t('dataInterface.category')}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('picker.placeholder')}
                  options={categories.map((c) => ({ value: c.id, label: c.fullName }))}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item {...rules.item('dataType')} label={t('dataInterface.dataType')}>
                <Radio.Group options={DATA_TYPES.map((d) => ({ value: d, label: t(`dataInterface.types.${d}`) }))} />
              </Form.Item>
            </Col>
          </Row>
          {type === 3 ? (
            <>
              <Form.Item {...rules.item('path', { dataType: type })} label={t('dataInterface.path')}>
                <Input maxLength={rules.maxLength('path')} placeholder="http://" />
              </Form.Item>
              <Row gutter={16}>
                <Col span={12}>
                  <Form.Item {...rules.item('requestMethod')} label={t('dataInterface.method')}>
                    <Radio.Group options={HTTP_METHODS.map((m) => ({ value: m, label: t(`dataInterface.methods.${m}`) }))} />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item name="timeout" label={t('dataInterface.timeout')}>
                    <InputNumber min={1} max={60} precision={0} style={{ width: '100%' }} placeholder="10" suffix={t('dataInterface.seconds')} />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item label={t('dataInterface.headers')}>
                <RowsTable name="headers" kind="header" />
              </Form.Item>
            </>
          ) : (
            <Form.Item
              {...rules.item('query', { dataType: type })}
              label={type === 1 ? t('dataInterface.sql') : t('dataInterface.staticData')}
              extra={type === 1 ? t('dataInterface.sqlHint') : t('dataInterface.staticHint')}
            >
              <Input.TextArea rows={type === 1 ? 6 : 8} className="qm-code" spellCheck={false} />
            </Form.Item>
          )}
          <Form.Item label={t('dataInterface.params')} validateStatus={paramsError ? 'error' : undefined} help={paramsError ?? undefined}>
            <RowsTable name="params" kind="param" />
          </Form.Item>
          <Row gutter={16}>
            <Col span={12}>
              <SortCodeItem />
            </Col>
            <Col span={12}>
              <EnabledMarkItem />
            </Col>
          </Row>
          <DescriptionItem rules={rules} rows={2} />
        </>
      )}
    </EntityFormDialog>
  );
}

/** The parameters or the headers as an editable table (Form.List). */
function RowsTable({ name, kind }: { name: 'params' | 'headers'; kind: 'param' | 'header' }) {
  const { t } = useTranslation();
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <>
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            className="qm-interface-rows"
            dataSource={fields}
            locale={{ emptyText: t('dataInterface.noRows') }}
            columns={[
              {
                key: 'field',
                title: kind === 'param' ? t('dataInterface.paramField') : t('dataInterface.headerField'),
                render: (_: unknown, f) => (
                  <Form.Item name={[f.name, 'field']} noStyle>
                    <Input aria-label={`${kind === 'param' ? t('dataInterface.paramField') : t('dataInterface.headerField')} ${f.name + 1}`} />
                  </Form.Item>
                ),
              },
              ...(kind === 'param'
                ? [
                    {
                      key: 'dataType',
                      title: t('dataInterface.paramType'),
                      width: 150,
                      render: (_: unknown, f: { name: number }) => (
                        <Form.Item name={[f.name, 'dataType']} noStyle>
                          <Select
                            aria-label={`${t('dataInterface.paramType')} ${f.name + 1}`}
                            options={PARAM_TYPES.map((p) => ({ value: p, label: t(`dataInterface.paramTypes.${p}`) }))}
                          />
                        </Form.Item>
                      ),
                    },
                  ]
                : []),
              {
                key: 'defaultValue',
                title: t('dataInterface.defaultValue'),
                render: (_: unknown, f) => (
                  <Form.Item name={[f.name, 'defaultValue']} noStyle>
                    <Input aria-label={`${t('dataInterface.defaultValue')} ${f.name + 1}`} />
                  </Form.Item>
                ),
              },
              ...(kind === 'param'
                ? [
                    {
                      key: 'required',
                      title: t('dataInterface.required'),
                      width: 60,
                      align: 'center' as const,
                      render: (_: unknown, f: { name: number }) => (
                        <Form.Item name={[f.name, 'required']} valuePropName="checked" noStyle>
                          <Checkbox aria-label={`${t('dataInterface.required')} ${f.name + 1}`} />
                        </Form.Item>
                      ),
                    },
                    {
                      key: 'fieldName',
                      title: t('dataInterface.paramName'),
                      render: (_: unknown, f: { name: number }) => (
                        <Form.Item name={[f.name, 'fieldName']} noStyle>
                          <Input aria-label={`${t('dataInterface.paramName')} ${f.name + 1}`} />
                        </Form.Item>
                      ),
                    },
                  ]
                : []),
              {
                key: 'remove',
                width: 48,
                render: (_: unknown, f) => (
                  <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={`${t('manage.remove')} ${f.name + 1}`} onClick={() => remove(f.name)} />
                ),
              },
            ]}
          />
          <Button
            type="dashed"
            block
            size="small"
            icon={<PlusOutlined />}
            className="qm-interface-add-row"
            onClick={() => add(kind === 'param' ? { field: '', dataType: 'varchar', defaultValue: '', required: false, fieldName: '' } : { field: '', defaultValue: '' })}
          >
            {kind === 'param' ? t('dataInterface.addParam') : t('dataInterface.addHeader')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
