/**
 * The Excel export dialog of a list (the JNPF client's export box): which rows — the page shown
 * (dataType 0) or every page (1) — and which columns, all ticked at first, with 全选. 导出 asks
 * the server for the file and downloads it from the url it answers; without a column it says
 * why instead of sending, and an answer without a file says so too.
 */
import { useEffect, useState } from 'react';
import { App, Checkbox, Form, Radio } from 'antd';
import { FormModal } from './FormModal';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '@/api/request';
import { downloadUrl } from '@/utils/download';

export interface ExportDialogProps {
  open: boolean;
  /** The columns that can be exported: key and header. */
  columns: { key: string; title: string }[];
  exportFile(dataType: 0 | 1, keys: string[]): Promise<Envelope<{ url: string }>>;
  onClose(): void;
}

export function ExportDialog({ open, columns, exportFile, onClose }: ExportDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [dataType, setDataType] = useState<0 | 1>(0);
  const [keys, setKeys] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const all = columns.map((c) => c.key);

  useEffect(() => {
    if (!open) return;
    setDataType(0);
    setKeys(columns.map((c) => c.key));
    setProblem('');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [open]);

  const choose = (next: string[]) => {
    setKeys(next);
    if (next.length) setProblem('');
  };

  const submit = async () => {
    if (!keys.length) return setProblem(t('export.noColumn'));
    setBusy(true);
    try {
      // The columns in the list's order, whatever order they were ticked in.
      const { data } = await exportFile(dataType, all.filter((k) => keys.includes(k)));
      if (data?.url) {
        downloadUrl(data.url);
        onClose();
      } else void message.warning(t('export.nothing'), 1.5);
    } catch {
      // the HTTP client has said why
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal open={open} title={t('export.title')} className="qm-export-dialog" okText={t('export.submit')}
      confirmLoading={busy} onOk={() => void submit()} onCancel={onClose}>
      <Form layout="vertical">
        <Form.Item label={t('export.range')}>
          <Radio.Group
            value={dataType}
            onChange={(e) => setDataType(e.target.value as 0 | 1)}
            options={[
              { value: 0, label: t('export.thisPage') },
              { value: 1, label: t('export.allPages') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('export.columns')} validateStatus={problem ? 'error' : undefined} help={problem || undefined}>
          <Checkbox
            indeterminate={keys.length > 0 && keys.length < all.length}
            checked={keys.length === all.length}
            onChange={(e) => choose(e.target.checked ? all : [])}
            style={{ marginBottom: 8 }}
          >
            {t('export.selectAll')}
          </Checkbox>
          <Checkbox.Group
            className="qm-export-columns"
            value={keys}
            onChange={(v) => choose(v as string[])}
            options={columns.map((c) => ({ value: c.key, label: c.title }))}
          />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
