/**
 * 功能设计 → 新建 / 编辑 (issue 27): the designer over the whole window, 表单设计 and — for a
 * model with a list (webType 2) — 列表设计 beside it. 新建 asks for the name and code and
 * creates a draft whose formData is the designed form and whose columnData is the designed
 * list (the same POST the JSON path makes); 编辑 loads the draft and saves both back (PUT, the
 * other parts untouched). A model without a list gets the generated one (listModel's
 * defaultColumnData), so a new model can be released at once. The server's field messages
 * (名称不能为空 …) show under the names.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Form, Input, Space, Spin, Tabs } from 'antd';
import { FullScreenModal } from '@/components/FullScreenModal';
import { useTranslation } from 'react-i18next';
import { createModel, getModel, updateModel, type ModelForm } from '@/api/visualdev';
import { readFormData, type FormDefinition } from '@/engine';
import { FormDesigner } from '@/designer/FormDesigner';
import { ListDesigner, useButtonLabels } from '@/designer/ListDesigner';
import { defaultColumnData, readColumnData, refresh, type ColumnData } from '@/designer/listModel';
import { fieldErrorsOf } from '@/utils/formErrors';

export interface DesignerDialogProps {
  /** The model to edit; absent: a new one. */
  id?: string;
  onClose(): void;
  onSaved(): void;
}

export function DesignerDialog({ id, onClose, onSaved }: DesignerDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [initial, setInitial] = useState<FormDefinition | null | undefined>(id ? undefined : null);
  const [name, setName] = useState('');
  const [fullName, setFullName] = useState('');
  const [enCode, setEnCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  const [unreadable, setUnreadable] = useState(false);
  const draft = useRef<FormDefinition | null>(null);
  const labels = useButtonLabels();
  /** 2: a form with a list (what 新建 makes); 1: a form only (no 列表设计). */
  const [webType, setWebType] = useState(2);
  /** The list being designed; null until the model's is read or the list tab is first opened. */
  const [columnData, setColumnData] = useState<ColumnData | null>(null);
  const [tab, setTab] = useState('form');
  /** The form the list designer offers fields of: the draft when the tab was opened. */
  const [listForm, setListForm] = useState<FormDefinition | null>(null);

  useEffect(() => {
    if (!id) return;
    let alive = true;
    void getModel(id).then(
      ({ data }) => {
        if (!alive) return;
        const form = data.formData ? readFormData(data.formData) : null;
        setUnreadable(Boolean(data.formData) && !form);
        setName(data.fullName);
        setWebType(Number(data.webType ?? 2));
        setColumnData(readColumnData(data.columnData));
        setInitial(form);
        draft.current = form;
      },
      () => alive && onClose(),
    );
    return () => {
      alive = false;
    };
  }, [id, onClose]);

  const onChange = useCallback((form: FormDefinition) => {
    draft.current = form;
  }, []);

  const emptyForm = (): FormDefinition => ({ fields: [] });
  const openTab = (key: string) => {
    if (key === 'list') {
      const form = draft.current ?? emptyForm();
      setListForm(form);
      setColumnData((cd) => cd ?? defaultColumnData(form, labels));
    }
    setTab(key);
  };

  /** The list to save with `form` (generated when none was designed), or undefined for a form-only model. */
  const listToSave = (form: FormDefinition) => (webType === 2 ? JSON.stringify(refresh(columnData ?? defaultColumnData(form, labels), form)) : undefined);

  const save = async () => {
    const form = draft.current;
    setSaving(true);
    setErrors({});
    try {
      if (id) {
        if (form) await updateModel(id, { formData: JSON.stringify(form), columnData: listToSave(form) });
      } else {
        const body: ModelForm = { fullName, enCode, type: 1, webType: 2, formData: form ? JSON.stringify(form) : null, columnData: listToSave(form ?? emptyForm()) };
        await createModel(body);
      }
      void message.success(t('designer.saved'));
      onSaved();
      onClose();
    } catch (e) {
      setErrors(fieldErrorsOf(e) ?? {});
    } finally {
      setSaving(false);
    }
  };

  const loading = initial === undefined;
  return (
    <FullScreenModal
      className="qm-designer-dialog"
      title={id ? t('designer.editTitle', { name }) : t('designer.title')}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} disabled={loading} onClick={() => void save()}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {!id && (
        <Form layout="inline" component="div" className="qm-designer-basics" style={{ marginBottom: 12 }}>
          <Form.Item label={t('model.fullName')} htmlFor="designer-fullName" required validateStatus={errors.fullName ? 'error' : undefined} help={errors.fullName?.join('；')}>
            <Input id="designer-fullName" value={fullName} maxLength={100} onChange={(e) => setFullName(e.target.value)} />
          </Form.Item>
          <Form.Item label={t('model.enCode')} htmlFor="designer-enCode" required validateStatus={errors.enCode ? 'error' : undefined} help={errors.enCode?.join('；')}>
            <Input id="designer-enCode" value={enCode} maxLength={50} onChange={(e) => setEnCode(e.target.value)} />
          </Form.Item>
        </Form>
      )}
      {unreadable && <Alert type="warning" showIcon title={t('designer.formDataUnreadable')} style={{ marginBottom: 8 }} />}
      {loading ? (
        <Spin />
      ) : (
        <Tabs
          className="qm-designer-steps"
          activeKey={tab}
          onChange={openTab}
          items={[
            { key: 'form', label: t('designer.formTab'), children: <div style={{ height: 'calc(100vh - 250px)' }}><FormDesigner initial={initial ?? undefined} onChange={onChange} /></div> },
            ...(webType === 2
              ? [
                  {
                    key: 'list',
                    label: t('designer.listTab'),
                    children: <div style={{ height: 'calc(100vh - 250px)' }}>{listForm && columnData && <ListDesigner form={listForm} value={columnData} onChange={setColumnData} />}</div>,
                  },
                ]
              : []),
          ]}
        />
      )}
    </FullScreenModal>
  );
}
