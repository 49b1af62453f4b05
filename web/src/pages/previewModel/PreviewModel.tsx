/**
 * 功能预览 (/previewModel?id=<model id>): a definition's draft form before release, to fill and
 * check — every field checked by the core as the user types, 校验 checks the whole record as
 * the server will on save; nothing is saved. The definition's own problems (what release
 * would refuse) are listed above it, the popup the form opens in (general, fullScreen,
 * drawer) can be tried, and 详情 shows the values in the detail viewer (spec 02 §2.11), inline or
 * in the popup (its 打印 warns that the preview does not print, VIEW-007).
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Empty, Segmented, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { DefinitionProblem } from '@qiming/core';
import { getModel, type ModelInfo } from '@/api/visualdev';
import { loadCore } from '@/core';
import { DetailPopup, DetailViewer, FormPopup, FormRenderer, readFormData, useFormEngine, type FormDefinition } from '@/engine';
import { ProblemTable } from '../onlineDev/webDesign/ReleaseProblems';

export default function PreviewModel() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [model, setModel] = useState<ModelInfo | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!id) return;
    let alive = true;
    getModel(id).then(
      ({ data }) => alive && setModel(data),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [id]);

  const form = useMemo(() => (model ? readFormData(model.formData) : null), [model]);
  if (!id) return <Empty description={t('model.noId')} />;
  if (failed) return <Empty description={t('common.requestError')} />;
  if (!model) return <Spin className="qm-preview-loading" />;
  if (!form) return <Alert type="error" title={t('engine.invalidForm')} />;
  return <Preview model={model} form={form} />;
}

function Preview({ model, form }: { model: ModelInfo; form: FormDefinition }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const engine = useFormEngine(form);
  const [problems, setProblems] = useState<DefinitionProblem[]>([]);
  const [view, setView] = useState<'form' | 'detail'>('form');
  const [popup, setPopup] = useState<'general' | 'fullScreen' | 'drawer' | null>(null);

  useEffect(() => {
    let alive = true;
    loadCore().then(
      (core) => alive && setProblems(core.checkDefinition(model as never).problems),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [model]);

  const check = async () => {
    const found = await engine.validate();
    const count = Object.keys(found).length;
    if (count) void message.error(t('model.invalid', { count }));
    else void message.success(t('model.valid'));
  };

  return (
    <div className="qm-preview-model">
      <Card
        size="small"
        title={t('model.previewTitle', { name: model.fullName })}
        extra={
          <Space wrap>
            <Segmented
              value={view}
              onChange={(v) => setView(v as 'form' | 'detail')}
              options={[
                { value: 'form', label: t('model.preview') },
                { value: 'detail', label: t('model.detail') },
              ]}
            />
            <Button onClick={() => setPopup('general')}>{t('model.popupGeneral')}</Button>
            <Button onClick={() => setPopup('fullScreen')}>{t('model.popupFullScreen')}</Button>
            <Button onClick={() => setPopup('drawer')}>{t('model.popupDrawer')}</Button>
            <Button onClick={() => engine.reset()}>{t('model.resetForm')}</Button>
            <Button type="primary" onClick={() => void check()}>
              {t('model.validate')}
            </Button>
          </Space>
        }
      >
        <Alert type="info" showIcon title={t('model.previewHint')} style={{ marginBottom: 12 }} />
        {problems.length > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('model.definitionProblems', { count: problems.length })}
            description={<ProblemTable problems={problems} />}
          />
        )}
        {view === 'form' ? <FormRenderer engine={engine} /> : <DetailViewer formData={form} record={engine.record} />}
      </Card>
      {popup && view === 'detail' && <DetailPopup open popupType={popup} title={model.fullName} formData={form} record={engine.record} onClose={() => setPopup(null)} />}
      {popup && view === 'form' && (
        <FormPopup
          open
          popupType={popup}
          title={model.fullName}
          engine={engine}
          onClose={() => setPopup(null)}
          onSubmit={async () => {
            void message.success(t('model.valid'));
            setPopup(null);
          }}
        />
      )}
    </div>
  );
}
