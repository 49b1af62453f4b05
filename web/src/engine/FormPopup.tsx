/**
 * A generated form in its popup (formData.popupType): general (a dialog of generalWidth),
 * fullScreen (a dialog of fullScreenWidth, or the whole window), drawer (drawerWidth). 确定
 * checks the whole record through the core first and submits only a record that passes; a
 * refused save's per-field messages are shown under the fields (showServerMessages).
 */
import { useState, type ReactNode } from 'react';
import { Button, Drawer, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormRecord } from './definition';
import { FormRenderer } from './FormRenderer';
import type { FormEngine } from './useFormEngine';

export interface FormPopupProps {
  open: boolean;
  title: ReactNode;
  engine: FormEngine;
  /** Saves the record; a rejection with field messages shows them under the fields. */
  onSubmit?(record: FormRecord): Promise<unknown>;
  onClose(): void;
  /** The popup's kind; by default the form's own popupType. */
  popupType?: 'general' | 'fullScreen' | 'drawer';
  /** Read-only (no 确定). */
  disabled?: boolean;
  /** Extra buttons before 确定. */
  extra?: ReactNode;
}

export function FormPopup({ open, title, engine, onSubmit, onClose, popupType, disabled, extra }: FormPopupProps) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const form = engine.form;
  const kind = popupType ?? (form.popupType === 'drawer' || form.popupType === 'fullScreen' ? form.popupType : 'general');

  const confirm = async () => {
    const found = await engine.validate();
    if (Object.keys(found).length || !onSubmit) return;
    setSaving(true);
    try {
      await onSubmit(engine.record);
    } catch (error) {
      engine.showServerMessages(error);
    } finally {
      setSaving(false);
    }
  };

  const buttons = (
    <Space>
      {extra}
      {form.hasCancelBtn !== false && <Button onClick={onClose}>{(form.cancelButtonText as string)?.replace(/\s/g, '') || t('common.cancel')}</Button>}
      {!disabled && form.hasConfirmBtn !== false && (
        <Button type="primary" loading={saving} onClick={() => void confirm()}>
          {(form.confirmButtonText as string)?.replace(/\s/g, '') || t('common.confirm')}
        </Button>
      )}
    </Space>
  );
  const body = <FormRenderer engine={engine} disabled={disabled} />;

  if (kind === 'drawer') {
    return (
      <Drawer open={open} title={title} size={(form.drawerWidth as string) || 600} onClose={onClose} footer={buttons} destroyOnHidden>
        {body}
      </Drawer>
    );
  }
  const full = kind === 'fullScreen';
  return (
    <Modal
      open={open}
      title={title}
      width={full ? (form.fullScreenWidth as string) || '100%' : (form.generalWidth as string) || 600}
      className={full ? 'qm-engine-fullscreen' : undefined}
      onCancel={onClose}
      footer={buttons}
      destroyOnHidden
      maskClosable={false}
    >
      {body}
    </Modal>
  );
}
