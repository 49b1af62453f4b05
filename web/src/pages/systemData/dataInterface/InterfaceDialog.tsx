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
import { App, Button, Checkbox, Col, Form, Input, InputNumber, Radio, Row, Select, Spin, Switch, Table } from 'antd';
import { FormModal } from '@/components/FormModal';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { createInterface, getInterface, updateInterface } from '@/api/dataInterface';
import type { DictionaryItem } from '@/api/dictionary';
import { useEntityRules } from '@/hooks/useEntityRules';
import { applyServerErrors, fieldErrorsOf } from '@/utils/formErrors';
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
  const { message } = App.useApp();
  const [form] = Form.useForm<InterfaceValues>();
  const rules = useEntityRules('dataInterface', form);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  // The server's message about the parameters (they have no single field).
  const [paramsError, setParamsError] = useState<string | null>(null);
  const dataType = Form.useWatch('dataType', form);
  const id = target?.id ?? null;

  useEffect(() => {
    if (id === null) return;
    let alive = true;
    form.resetFields();
    setParamsError(null);
    if (!id) {
      form.setFieldsValue(rowToValues(null, target?.categoryId));
      return;
    }
    setLoading(true);
    getInterface(id).then(
      ({ data }) => {
        if (!alive) return;
        form.setFieldsValue(rowToValues(data));
        setLoading(false);
      },
      () => {
        if (!alive) return;
        setLoading(false);
        onClose();
      },
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [id]);

  const submit = async () => {
    if (id === null) return;
    try {
      await form.validateFields();
    } catch {
      return; // the core's messages are under the fields
    }
    setSaving(true);
    setParamsError(null);
    try {
      const body = valuesToWire(form.getFieldsValue(true) as InterfaceValues);
      const res = id ? await updateInterface(id, body) : await createInterface(body);
      void message.success(res.msg || t('profile.saved'), 1.5);
      onClose();
      onSaved();
    } catch (error) {
      const { unmatched } = applyServerErrors(form, error);
      const params = unmatched.requestParameters ?? fieldErrorsOf(error)?.requestHeaders;
      if (params?.length) setParamsError(params[0]);
    } finally {
      setSaving(false);
    }
  };

  const type = (dataType ?? 1) as number;
  return (
    <FormModal open={target !== null} title={id ? t('dataInterface.edit') : t('dataInterface.add')} width={INTERFACE_DIALOG_WIDTH}
      className="qm-interface-form" confirmLoading={saving} okButtonProps={{ disabled: loading }} onOk={submit} onCancel={onClose}>
      <Spin spinning={loading}>
        <Form form={form} name="dataInterface" layout="horizontal" labelCol={{ flex: '100px' }} labelWrap wrapperCol={{ flex: 1 }} autoComplete="off">
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item {...rules.item('fullName')} label={t('dataInterface.fullName')}>
                <Input maxLength={rules.maxLength('fullName')} placeholder={t('dataInterface.fullName')} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item {...rules.item('enCode')} label={t('dataInterface.enCode')}>
                <Input maxLength={rules.maxLength('enCode')} placeholder={t('dataInterface.enCode')} />
              </Form.Item>
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
          <Form.Item
            label={t('dataInterface.params')}
            validateStatus={paramsError ? 'error' : undefined}
            help={paramsError ?? undefined}
          >
            <RowsTable name="params" kind="param" />
          </Form.Item>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="sortCode" label={t('manage.sortCode')}>
                <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="enabledMark" label={t('manage.state')} getValueProps={(v) => ({ checked: v === 1 })} normalize={(v: boolean) => (v ? 1 : 0)}>
                <Switch />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item {...rules.item('description')} label={t('manage.description')}>
            <Input.TextArea rows={2} maxLength={rules.maxLength('description')} />
          </Form.Item>
        </Form>
      </Spin>
    </FormModal>
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
