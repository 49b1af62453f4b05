/**
 * The form dialog of an administration list (新建/编辑 an organisation, department, position,
 * role or group): 600px (spec 01 §9), not closed by a click outside, 取消 and 确定. Opening for
 * an id loads the record first; opening for a new one starts from the form's defaults. Every
 * field is checked by the rules core as the user types and again on 确定, before the request
 * (useEntityRules); the server's per-field refusal is shown under the fields it names
 * (applyServerErrors) and the dialog stays open with what was typed. A success shows the
 * answer's msg for 1.5 s (HTTP-014), closes and tells the list.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { App, Form, Modal, Spin, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '@/api/request';
import type { EntityForm } from '@/core';
import { useEntityRules, type EntityRules } from '@/hooks/useEntityRules';
import { applyServerErrors } from '@/utils/formErrors';

/** The dialogs' width (spec 01 §9). */
export const FORM_DIALOG_WIDTH = 600;

export interface EntityFormDialogProps<Info, Values extends object> {
  /** Open for a new record (`id` '') or an existing one; closed when null. */
  target: { id: string } | null;
  title: string;
  entity: EntityForm;
  form: FormInstance<Values>;
  /** The record's info, for an edit. */
  load(id: string): Promise<Envelope<Info>>;
  /** The form's values: from the info, or the defaults of a new record (null). */
  toValues(info: Info | null): Values;
  /** What the request sends (`rules`: the core's answers, for what the form shows). */
  toWire(values: Values, rules: EntityRules): object;
  save(id: string, body: object): Promise<Envelope<unknown>>;
  /** A server field the form shows under another name (parentId → the picker's path). */
  rename?: Record<string, string>;
  onClose(): void;
  /** After a success, with the answer (a new user's answer carries its initial password). */
  onSaved(res: Envelope<unknown>): void;
  children(rules: EntityRules): ReactNode;
  className?: string;
  /** A form of many fields in two columns is wider (the user form); 600px otherwise. */
  width?: number;
}

export function EntityFormDialog<Info, Values extends object>({
  target,
  title,
  entity,
  form,
  load,
  toValues,
  toWire,
  save,
  rename,
  onClose,
  onSaved,
  children,
  className,
  width = FORM_DIALOG_WIDTH,
}: EntityFormDialogProps<Info, Values>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useEntityRules(entity, form);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const id = target?.id ?? null;

  useEffect(() => {
    if (id === null) return;
    let alive = true;
    form.resetFields();
    if (!id) {
      form.setFieldsValue(toValues(null) as Parameters<typeof form.setFieldsValue>[0]);
      return;
    }
    setLoading(true);
    load(id).then(
      ({ data }) => {
        if (!alive) return;
        form.setFieldsValue(toValues(data) as Parameters<typeof form.setFieldsValue>[0]);
        setLoading(false);
      },
      () => {
        // HTTP-015: the HTTP client said why; nothing to edit.
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
    let values: Values;
    try {
      values = (await form.validateFields()) as Values;
    } catch {
      return; // the core's messages are under the fields
    }
    setSaving(true);
    try {
      const res = await save(id, toWire({ ...form.getFieldsValue(true), ...values }, rules));
      void message.success(res.msg || t('profile.saved'), 1.5);
      onClose();
      onSaved(res);
    } catch (error) {
      applyServerErrors(form, error, rename);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={target !== null}
      title={title}
      width={width}
      mask={{ closable: false }}
      // A fresh dialog on each opening: a kept one (forceRender) reopened in Chromium could stay
      // in its zoom-in animation and then never leave after closing.
      destroyOnHidden
      className={className}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: loading }}
      onOk={submit}
      onCancel={onClose}
    >
      <Spin spinning={loading}>
        {/* The form's name prefixes its fields' ids: two dialogs on one page keep their labels apart. */}
        <Form form={form} name={entity} layout="horizontal" labelCol={{ flex: '100px' }} wrapperCol={{ flex: 1 }} autoComplete="off">
          {children(rules)}
        </Form>
      </Spin>
    </Modal>
  );
}
