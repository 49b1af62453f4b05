/**
 * 接口预览, the test page of a data interface (jnpf-wire-areas.md §2.4; DI-006): its declared
 * parameters with their defaults to change (those the session fills — createUser, createTime,
 * currOrganize, currPosition — are shown as such, DI-003), 预览 calls `Actions/Preview` and
 * prints the answer's data as it is; a refusal (a statement the SQL guard refuses, a disabled
 * interface, an HTTP error, a missing parameter) prints the server's own message instead.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Input, Modal, Spin, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { getInterface, previewInterface } from '@/api/dataInterface';
import { previewText, rowToValues, type ParamRow } from './form';

const SESSION_TYPES = new Set(['createUser', 'createTime', 'currOrganize', 'currPosition']);

interface Props {
  target: { id: string; fullName: string } | null;
  onClose(): void;
}

export function PreviewDialog({ target, onClose }: Props) {
  const { t } = useTranslation();
  const [params, setParams] = useState<ParamRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const id = target?.id ?? null;

  useEffect(() => {
    if (!id) return;
    let alive = true;
    setResult(null);
    setParams([]);
    setLoading(true);
    getInterface(id).then(
      ({ data }) => {
        if (!alive) return;
        setParams(rowToValues(data).params);
        setLoading(false);
      },
      () => alive && setLoading(false),
    );
    return () => {
      alive = false;
    };
  }, [id]);

  const run = async () => {
    if (!id) return;
    setRunning(true);
    try {
      const { data } = await previewInterface(
        id,
        params.map((p) => ({ field: p.field, defaultValue: p.defaultValue })),
      );
      setResult({ ok: true, text: previewText(data) });
    } catch (error) {
      const msg = error && typeof error === 'object' && 'msg' in error ? String((error as { msg: unknown }).msg) : '';
      setResult({ ok: false, text: msg || t('common.requestError') });
    } finally {
      setRunning(false);
    }
  };

  return (
    <Modal
      open={target !== null}
      title={`${t('dataInterface.preview')}${target ? ` - ${target.fullName}` : ''}`}
      width={800}
      destroyOnHidden
      className="qm-interface-preview"
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('common.close')}
        </Button>,
        // Disabled, not `loading`, while the call runs: the spinner is over the answer, and the
        // button keeps its plain name (antd can leave its loading icon in the name after a call).
        <Button key="run" type="primary" disabled={loading || running} onClick={() => void run()}>
          {t('dataInterface.run')}
        </Button>,
      ]}
    >
      <Spin spinning={loading || running}>
        {params.length > 0 && (
          <Table<ParamRow>
            size="small"
            pagination={false}
            rowKey="field"
            dataSource={params}
            className="qm-interface-preview-params"
            columns={[
              { key: 'field', title: t('dataInterface.paramField'), dataIndex: 'field', width: 160 },
              { key: 'fieldName', title: t('dataInterface.paramName'), dataIndex: 'fieldName', width: 160 },
              {
                key: 'value',
                title: t('dataInterface.paramValue'),
                render: (_: unknown, p, i) =>
                  SESSION_TYPES.has(p.dataType) ? (
                    <span className="qm-muted">{t(`dataInterface.paramTypes.${p.dataType}`)}</span>
                  ) : (
                    <Input
                      aria-label={`${t('dataInterface.paramValue')} ${p.field}`}
                      value={p.defaultValue}
                      onChange={(e) => setParams((old) => old.map((x, j) => (j === i ? { ...x, defaultValue: e.target.value } : x)))}
                    />
                  ),
              },
            ]}
          />
        )}
        {result &&
          (result.ok ? (
            <pre className="qm-interface-result" aria-label={t('dataInterface.result')}>
              {result.text}
            </pre>
          ) : (
            <Alert type="error" showIcon className="qm-interface-refusal" title={result.text} />
          ))}
        {!result && !loading && <p className="qm-muted qm-interface-hint">{t('dataInterface.previewHint')}</p>}
      </Spin>
    </Modal>
  );
}
