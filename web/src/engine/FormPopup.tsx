/**
 * A generated form, or a record's details, in the popup formData.popupType names: general (a
 * dialog of generalWidth, VIEW-002), fullScreen (the whole window with a 返回 button, VIEW-003),
 * drawer (a side drawer of drawerWidth, VIEW-004). The form's 确定 checks the whole record
 * through the core first and submits only a record that passes; a refused save's per-field
 * messages are shown under the fields (showServerMessages).
 *
 * Related records start here too: RelatedDetail (another model's record in a detail popup) is
 * given to the widgets and the viewer through RelatedContext (related.ts) by RelatedRecords, so
 * they need not import this file; `@/engine` exports the form and the viewer wrapped in it.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { App, Button, Drawer, Modal, Space, Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getConfig, getRecordDetail, recordOf } from '@/api/onlineDev';
import type { FormDefinition, FormRecord } from './definition';
import { readFormData } from './definition';
import { DetailViewer as DetailLayout, type DetailViewerProps } from './DetailViewer';
import { FormRenderer as FormLayout, type FormRendererProps } from './FormRenderer';
import type { FormEngine } from './useFormEngine';
import type { ModelExtra } from './context';
import { RelatedContext, type RelatedComponents, type RelatedDetailProps } from './related';

export type PopupType = 'general' | 'fullScreen' | 'drawer';

/** The popup a form opens in: the one given, else the form's own popupType, else general. */
export function popupTypeOf(form: FormDefinition, given?: PopupType): PopupType {
  return given ?? (form.popupType === 'drawer' || form.popupType === 'fullScreen' ? form.popupType : 'general');
}

function PopupFrame({ open, kind, form, title, buttons, onClose, children }: { open: boolean; kind: PopupType; form: FormDefinition; title: ReactNode; buttons: ReactNode; onClose(): void; children: ReactNode }) {
  const { t } = useTranslation();
  if (kind === 'drawer') {
    return (
      <Drawer open={open} title={title} size={(form.drawerWidth as string) || 600} onClose={onClose} footer={buttons} destroyOnHidden rootClassName="qm-engine-drawer">
        {children}
      </Drawer>
    );
  }
  const full = kind === 'fullScreen';
  return (
    <Modal
      open={open}
      title={
        full ? (
          <Space>
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={onClose}>
              {t('common.back')}
            </Button>
            {title}
          </Space>
        ) : (
          title
        )
      }
      width={full ? '100vw' : (form.generalWidth as string) || 600}
      className={full ? 'qm-engine-fullscreen' : 'qm-engine-general'}
      closable={!full}
      onCancel={onClose}
      footer={buttons}
      destroyOnHidden
      maskClosable={false}
    >
      {full ? <div className="qm-engine-fullscreen-body" style={{ maxWidth: (form.fullScreenWidth as string) || undefined }}>{children}</div> : children}
    </Modal>
  );
}

export interface FormPopupProps {
  open: boolean;
  title: ReactNode;
  engine: FormEngine;
  /** Saves the record; a rejection with field messages shows them under the fields. */
  onSubmit?(record: FormRecord): Promise<unknown>;
  onClose(): void;
  /** The popup's kind; by default the form's own popupType. */
  popupType?: PopupType;
  /** Read-only (no 确定). */
  disabled?: boolean;
  /** Extra buttons before 确定. */
  extra?: ReactNode;
  /** The record and model shown (a qrcode of dataType 'form' encodes them). */
  model?: ModelExtra;
}

export function FormPopup({ open, title, engine, onSubmit, onClose, popupType, disabled, extra, model }: FormPopupProps) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const form = engine.form;

  const confirm = async () => {
    const found = await engine.validate();
    if (Object.keys(found).length || !onSubmit) return;
    setSaving(true);
    try {
      await onSubmit(engine.current());
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
  return (
    <RelatedRecords>
      <PopupFrame open={open} kind={popupTypeOf(form, popupType)} form={form} title={title} buttons={buttons} onClose={onClose}>
        <FormLayout engine={engine} disabled={disabled} model={model} />
      </PopupFrame>
    </RelatedRecords>
  );
}

export interface DetailPopupProps {
  open: boolean;
  title: ReactNode;
  formData: FormDefinition | string;
  /** The record's display values (DataChange), or a raw record. */
  record: FormRecord;
  onClose(): void;
  popupType?: PopupType;
  /** 打印 (when the form has hasPrintBtn): the runtime prints; a preview passes nothing (VIEW-007). */
  onPrint?(): void;
  /** The record and model shown (a qrcode of dataType 'form' encodes them). */
  model?: ModelExtra;
}

/** A record's details in the form's popup, with 取消 and the optional 打印 (VIEW-005). */
export function DetailPopup({ open, title, formData, record, onClose, popupType, onPrint, model }: DetailPopupProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const form = readFormData(formData) ?? { fields: [] };
  const buttons = (
    <Space>
      {form.hasPrintBtn === true && (
        <Button onClick={() => (onPrint ? onPrint() : void message.warning(t('engine.noPrintInPreview')))}>{(form.printButtonText as string)?.replace(/\s/g, '') || t('engine.print')}</Button>
      )}
      <Button onClick={onClose}>{t('common.cancel')}</Button>
    </Space>
  );
  return (
    <RelatedRecords>
      <PopupFrame open={open} kind={popupTypeOf(form, popupType)} form={form} title={title} buttons={buttons} onClose={onClose}>
        <DetailLayout formData={form} record={record} model={model} />
      </PopupFrame>
    </RelatedRecords>
  );
}

/**
 * A related record's details (spec 02 §2.4, spec 01 §2.11 and §4): opened by a disabled
 * relationForm holding a value (WGT-060) and by a relation link in a detail view (VIEW-006).
 * Without a record id it closes at once (VIEW-009); otherwise it shows loading while the related
 * model's definition (Config: data.formData, JSON text — WGT-062) and the record's display
 * values (DataChange: data.data, JSON text — WGT-063) load, and only then the detail popup
 * (VIEW-008). A failed load closes it (the request shows its message).
 */
export function RelatedDetail({ modelId, id, onClose }: RelatedDetailProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<{ title: string; formData: string; record: FormRecord } | null>(null);
  const wanted = Boolean(modelId && id);
  useEffect(() => {
    if (!wanted) {
      onClose();
      return;
    }
    let alive = true;
    setShown(null);
    Promise.all([getConfig(modelId), getRecordDetail(modelId, id)]).then(
      ([config, detail]) => alive && setShown({ title: `${t('model.detail')} - ${config.data.fullName}`, formData: config.data.formData, record: recordOf(detail.data) }),
      () => alive && onClose(),
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once per record
  }, [modelId, id]);
  if (!wanted) return null;
  if (!shown) return <Spin fullscreen spinning rootClassName="qm-engine-related-loading" />;
  return <DetailPopup open title={shown.title} formData={shown.formData} record={shown.record} onClose={onClose} />;
}

const RELATED: RelatedComponents = { RelatedDetail };

/** Gives the widgets and the viewer inside it RelatedDetail (a relation link, a disabled relationForm). */
export function RelatedRecords({ children }: { children: ReactNode }) {
  return <RelatedContext.Provider value={RELATED}>{children}</RelatedContext.Provider>;
}

/** The generated form as `@/engine` exports it: FormRenderer.tsx's form, related records provided. */
export function FormRenderer(props: FormRendererProps) {
  return (
    <RelatedRecords>
      <FormLayout {...props} />
    </RelatedRecords>
  );
}

/** The detail viewer as `@/engine` exports it: DetailViewer.tsx's viewer, related records provided. */
export function DetailViewer(props: DetailViewerProps) {
  return (
    <RelatedRecords>
      <DetailLayout {...props} />
    </RelatedRecords>
  );
}
