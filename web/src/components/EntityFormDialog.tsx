/**
 * The form dialog of an administration list (新建/编辑 an organisation, department, position,
 * role or group): 600px (spec 01 §9), not closed by a click outside, 取消 and 确定. Opening for
 * an id loads the record first; opening for a new one starts from the form's defaults. Every
 * field is checked by the rules core as the user types and again on 确定, before the request
 * (useEntityRules); the server's per-field refusal is shown under the fields it names
 * (applyServerErrors) and the dialog stays open with what was typed. A success shows the
 * answer's msg for 1.5 s (HTTP-014), closes and tells the list.
 *
 * A form the rules core has no entity for (a notice) is a RecordFormDialog: the same loading,
 * saving and refusals, its fields checked by their own rules (or only by the server).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { App, Form, Spin, type FormInstance } from 'antd';
import { FORM_DIALOG_WIDTH, FormModal } from './FormModal';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '@/api/request';
import type { EntityForm } from '@/core';
import { useEntityRules, type EntityRules } from '@/hooks/useEntityRules';
import { applyServerErrors, type FieldErrors } from '@/utils/formErrors';

export { FORM_DIALOG_WIDTH };

/** What a dialog calls: the record's info, its create and its update (the api module's functions). */
export interface EntityApi<Info> {
  get(id: string): Promise<Envelope<Info>>;
  create(body: object): Promise<Envelope<unknown>>;
  update(id: string, body: object): Promise<Envelope<unknown>>;
}

interface FormDialogProps<Info, Values extends object> {
  /** Open for a new record (`id` '') or an existing one; closed when null. */
  target: { id: string } | null;
  /** 新建… and 编辑… */
  titles: [add: string, edit: string];
  form: FormInstance<Values>;
  /** The record's calls: its info for an edit, then a create or an update. */
  api: EntityApi<Info>;
  /** The form's values: from the info, or the defaults of a new record (null). */
  toValues(info: Info | null): Values;
  /** A server field the form shows under another name (parentId → the picker's path). */
  rename?: Record<string, string>;
  /** The server's refusals no field of the form shows (a data interface's parameters). */
  onRefused?(unmatched: FieldErrors, error: unknown): void;
  onClose(): void;
  /** After a success, with the answer (a new user's answer carries its initial password). */
  onSaved(res: Envelope<unknown>): void;
  className?: string;
  /** A form of many fields in two columns is wider (the user form); 600px otherwise. */
  width?: number;
}

export interface RecordFormDialogProps<Info, Values extends object> extends FormDialogProps<Info, Values> {
  /** The form's name, which prefixes its fields' ids. */
  name: string;
  /** What the request sends. */
  toWire(values: Values): object;
  children: ReactNode;
}

export interface EntityFormDialogProps<Info, Values extends object> extends FormDialogProps<Info, Values> {
  entity: EntityForm;
  /** What the request sends (`rules`: the core's answers, for what the form shows). */
  toWire(values: Values, rules: EntityRules): object;
  children(rules: EntityRules): ReactNode;
}

/** An administration form checked by the rules core (see the top of this file). */
export function EntityFormDialog<Info, Values extends object>({ entity, toWire, children, ...props }: EntityFormDialogProps<Info, Values>) {
  const rules = useEntityRules(entity, props.form);
  return (
    <RecordFormDialog<Info, Values> {...props} name={entity} toWire={(values) => toWire(values, rules)}>
      {children(rules)}
    </RecordFormDialog>
  );
}

/** A record's form dialog: loaded on opening, validated and sent on 确定 (see the top of this file). */
export function RecordFormDialog<Info, Values extends object>({
  target,
  titles,
  name,
  form,
  api,
  toValues,
  toWire,
  rename,
  onRefused,
  onClose,
  onSaved,
  children,
  className,
  width = FORM_DIALOG_WIDTH,
}: RecordFormDialogProps<Info, Values>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
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
    api.get(id).then(
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
      return; // the messages are under the fields
    }
    setSaving(true);
    try {
      const body = toWire({ ...form.getFieldsValue(true), ...values });
      const res = await (id ? api.update(id, body) : api.create(body));
      void message.success(res.msg || t('profile.saved'), 1.5);
      onClose();
      onSaved(res);
    } catch (error) {
      const { unmatched } = applyServerErrors(form, error, rename);
      onRefused?.(unmatched, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormModal open={target !== null} title={id ? titles[1] : titles[0]} width={width} className={className}
      confirmLoading={saving} okButtonProps={{ disabled: loading }} onOk={submit} onCancel={onClose}>
      <Spin spinning={loading}>
        {/* The form's name prefixes its fields' ids: two dialogs on one page keep their labels apart. */}
        <Form form={form} name={name} layout="horizontal" labelCol={{ flex: '100px' }} labelWrap wrapperCol={{ flex: 1 }} autoComplete="off">
          {children}
        </Form>
      </Spin>
    </FormModal>
  );
}
