/**
 * 从 JSON 新建 / 导入 JNPF 导出文件: the definition as text (pasted, or read from the chosen file),
 * created as a draft. The server's field messages (名称不能为空 …) show under the text.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { createModel } from '@/api/visualdev';
import { fieldErrorsOf } from '@/utils/formErrors';
import { readDefinition } from './definitionFile';

export function CreateDialog({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [error, setError] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) {
      setText('');
      setError([]);
    }
  }, [open]);

  const submit = async () => {
    const read = readDefinition(text);
    if ('error' in read) {
      setError([read.error === 'jsonInvalid' ? t('model.jsonInvalid', { reason: read.reason }) : t('model.jsonNotObject')]);
      return;
    }
    setSaving(true);
    try {
      await createModel(read.form);
      void message.success(t('model.created'));
      onCreated();
      onClose();
    } catch (e) {
      const fields = fieldErrorsOf(e);
      setError(fields ? Object.entries(fields).map(([name, list]) => `${name}：${list.join('；')}`) : []);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} title={t('model.createFromJson')} width={760} onCancel={onClose} onOk={() => void submit()} confirmLoading={saving} okText={t('common.confirm')} cancelText={t('common.cancel')} destroyOnHidden>
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('model.jsonLabel')}
          htmlFor="model-json"
          validateStatus={error.length ? 'error' : undefined}
          help={error.length ? <div data-messages-for="definition">{error.map((e) => <div key={e}>{e}</div>)}</div> : undefined}
        >
          <Input.TextArea id="model-json" value={text} rows={14} placeholder={t('model.jsonPlaceholder')} onChange={(e) => setText(e.target.value)} />
        </Form.Item>
      </Form>
      <Upload
        accept=".json,.vdd,.txt"
        showUploadList={false}
        beforeUpload={(file) => {
          void file.text().then(
            (content) => {
              setText(content);
              setError([]);
            },
            () => setError([t('model.fileUnreadable')]),
          );
          return false;
        }}
      >
        <Button icon={<UploadOutlined />}>{t('model.importJnpf')}</Button>
      </Upload>
      <Alert className="qm-model-hint" type="info" showIcon title={t('model.previewHint')} style={{ marginTop: 12 }} />
    </Modal>
  );
}
