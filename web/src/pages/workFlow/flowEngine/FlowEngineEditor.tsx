/**
 * 新建流程 / 编辑流程 (issue 30; jnpf-wire-engine2.md §7.12): full screen, two steps — 基础信息
 * (流程名称 ≤ 50, 流程编码 `^\w+$`, 流程分类 from WorkFlowCategory by item id, 流程类型 发起流程 /
 * 功能流程 (fixed once saved), 流程图标 with its background, 排序, 说明) and 流程设计 (the
 * designer, one tab per flow). 保存 checks step 1 and every flow (请完善{流程名称}的流程设计) and
 * posts the template with `flowTemplateJson`; the server's field messages go under the fields.
 * When a used flow was changed the answer is its new version `{id, isMainVersion: true}`: the
 * editor asks 流程已被使用，此版本是否覆盖线上流程 and on 确定 makes it the main version.
 */
import { useEffect, useState } from 'react';
import { App, Button, ColorPicker, Form, Input, InputNumber, Radio, Select, Space, Spin, Steps } from 'antd';
import { FullScreenModal } from '@/components/FullScreenModal';
import { useTranslation } from 'react-i18next';
import type { DictionaryItem } from '@/api/dictionary';
import { createFlowTemplate, getFlowTemplate, setMainVersion, updateFlowTemplate, type FlowNewVersion, type FlowTemplateForm } from '@/api/flowEngine';
import { applyServerErrors } from '@/utils/formErrors';
import { loadCore } from '@/core';
import { FlowDesigner, checkFlows, type FlowProblem } from '@/workflow/designer/FlowDesigner';
import { flowsFromWire, flowsToWire, newFlow, type FlowItem } from '@/workflow/designer/model';

export interface EditorTarget {
  /** '' for a new template. */
  id: string;
  /** 0 基础信息, 1 流程设计. */
  step: 0 | 1;
}

export interface BasicValues {
  fullName: string;
  enCode: string;
  category?: string;
  type: number;
  icon: string;
  iconBackground: string;
  sortCode: number | null;
  description: string;
}

/** The icons a flow may show in 发起流程 (JNPF's icon font classes). */
export const FLOW_ICONS = ['icon-ym icon-ym-flowDesign', 'icon-ym icon-ym-flowTodo', 'icon-ym icon-ym-flowLaunch', 'icon-ym icon-ym-generator-Panel', 'icon-ym icon-ym-report-icon-preview-printPreview'];
const BLANK: BasicValues = { fullName: '', enCode: '', category: undefined, type: 0, icon: FLOW_ICONS[0], iconBackground: '#008cff', sortCode: 0, description: '' };

interface Props {
  target: EditorTarget;
  categories: DictionaryItem[];
  onClose(): void;
  onSaved(): void;
}

export function FlowEngineEditor({ target, categories, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<BasicValues>();
  const [step, setStep] = useState<0 | 1>(target.step);
  const [flows, setFlows] = useState<FlowItem[] | null>(target.id ? null : []);
  const [problem, setProblem] = useState<FlowProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const type = Form.useWatch('type', form);
  const fullName = Form.useWatch('fullName', form);

  useEffect(() => {
    if (!target.id) {
      form.setFieldsValue(BLANK);
      return;
    }
    let alive = true;
    getFlowTemplate(target.id).then(
      ({ data }) => {
        if (!alive) return;
        form.setFieldsValue({
          fullName: data.fullName,
          enCode: data.enCode,
          category: data.category || undefined,
          type: data.type,
          icon: data.icon || FLOW_ICONS[0],
          iconBackground: data.iconBackground || '#008cff',
          sortCode: data.sortCode,
          description: data.description,
        });
        setFlows(flowsFromWire(data.flowTemplateJson));
      },
      () => alive && onClose(),
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [target.id]);

  /** Step 1 must pass before the designer opens; a new template starts with one flow named after it. */
  const next = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    if (flows && !flows.length) setFlows([newFlow(form.getFieldValue('fullName'))]);
    setStep(1);
  };

  const askMainVersion = (version: FlowNewVersion) =>
    new Promise<void>((resolve) =>
      modal.confirm({
        title: t('common.tip'),
        content: t('flowEngine.mainVersionConfirm'),
        okText: t('common.confirm'),
        cancelText: t('common.cancel'),
        onOk: () =>
          setMainVersion(version.id).then(
            (res) => {
              void message.success(res.msg || t('manage.done'), 1.5);
              resolve();
            },
            () => resolve(),
          ),
        onCancel: () => resolve(),
      }),
    );

  const save = async () => {
    let values: BasicValues;
    try {
      values = await form.validateFields();
    } catch {
      setStep(0);
      return;
    }
    const list = flows && flows.length ? flows : [newFlow(values.fullName)];
    const found = checkFlows(await loadCore(), list, t);
    if (found) {
      setFlows(list);
      setProblem(found);
      setStep(1);
      void message.error(found.message);
      return;
    }
    setProblem(null);
    const body: FlowTemplateForm = {
      fullName: values.fullName.trim(),
      enCode: values.enCode.trim(),
      category: values.category ?? '',
      type: values.type,
      icon: values.icon,
      iconBackground: values.iconBackground,
      sortCode: values.sortCode ?? 0,
      description: values.description ?? '',
      flowTemplateJson: flowsToWire(list),
    };
    setSaving(true);
    try {
      if (target.id) {
        const res = await updateFlowTemplate(target.id, body);
        void message.success(res.msg || t('manage.done'), 1.5);
        if (res.data && res.data.isMainVersion) await askMainVersion(res.data);
      } else {
        const res = await createFlowTemplate(body);
        void message.success(res.msg || t('manage.done'), 1.5);
      }
      onSaved();
      onClose();
    } catch (error) {
      const { applied } = applyServerErrors(form, error);
      if (applied.length) setStep(0);
    } finally {
      setSaving(false);
    }
  };

  const loading = flows === null;
  const colour = (v: unknown) => (typeof v === 'string' ? v : (v as { toHexString?(): string })?.toHexString?.() ?? '#008cff');
  return (
    <FullScreenModal
      className="qm-flow-designer"
      title={target.id ? t('flowEngine.edit') : t('flowEngine.add')}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          {step === 1 && <Button onClick={() => setStep(0)}>{t('flowEngine.previous')}</Button>}
          {step === 0 && (
            <Button disabled={loading} onClick={() => void next()}>
              {t('flowEngine.next')}
            </Button>
          )}
          <Button type="primary" loading={saving} disabled={loading} onClick={() => void save()}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Steps size="small" current={step} style={{ maxWidth: 480, margin: '0 auto 12px' }} items={[{ title: t('flowEngine.stepBasic') }, { title: t('flowEngine.stepDesign') }]} />
      <Spin spinning={loading}>
        <Form
          form={form}
          name="flowEngine"
          layout="horizontal"
          labelCol={{ flex: '100px' }}
          wrapperCol={{ flex: 1 }}
          style={{ maxWidth: 640, margin: '0 auto', display: step === 0 ? undefined : 'none' }}
          autoComplete="off"
          className="qm-flow-engine-form"
        >
          <Form.Item name="fullName" label={t('flowEngine.fullName')} rules={[{ required: true, whitespace: true, message: t('flowEngine.fullNameRequired') }]}>
            <Input maxLength={50} placeholder={t('flowEngine.fullName')} />
          </Form.Item>
          <Form.Item
            name="enCode"
            label={t('flowEngine.enCode')}
            rules={[
              { required: true, whitespace: true, message: t('flowEngine.enCodeRequired') },
              { pattern: /^\w+$/, message: t('flowEngine.enCodePattern') },
            ]}
          >
            <Input maxLength={50} placeholder={t('flowEngine.enCode')} />
          </Form.Item>
          <Form.Item name="category" label={t('flowEngine.category')} rules={[{ required: true, message: t('flowEngine.categoryRequired') }]}>
            <Select allowClear placeholder={t('picker.placeholder')} options={categories.map((c) => ({ value: c.id, label: c.fullName }))} />
          </Form.Item>
          <Form.Item name="type" label={t('flowEngine.type')}>
            <Radio.Group
              disabled={!!target.id}
              options={[
                { value: 0, label: t('flowEngine.types.0') },
                { value: 1, label: t('flowEngine.types.1') },
              ]}
            />
          </Form.Item>
          {type !== 1 && (
            <Form.Item label={t('flowEngine.icon')} required>
              <Space>
                <Form.Item name="icon" noStyle rules={[{ required: true, message: t('flowEngine.iconRequired') }]}>
                  <Select aria-label={t('flowEngine.icon')} style={{ width: 240 }} options={FLOW_ICONS.map((v) => ({ value: v, label: <span><i className={v} /> {v.split(' ').pop()}</span> }))} />
                </Form.Item>
                <Form.Item name="iconBackground" noStyle getValueFromEvent={colour}>
                  <ColorPicker aria-label={t('flowEngine.iconBackground')} />
                </Form.Item>
              </Space>
            </Form.Item>
          )}
          <Form.Item name="sortCode" label={t('manage.sortCode')}>
            <InputNumber min={0} max={999999} precision={0} />
          </Form.Item>
          <Form.Item name="description" label={t('manage.description')}>
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
        {step === 1 && flows && (
          <div style={{ height: 'calc(100vh - 190px)' }}>
            <FlowDesigner
              flows={flows}
              onChange={(next) => {
                setFlows(next);
                setProblem(null); // the mark of the last check goes with the next change
              }}
              defaultName={fullName || t('flowEngine.defaultFlowName')} problem={problem} />
          </div>
        )}
      </Spin>
    </FullScreenModal>
  );
}
