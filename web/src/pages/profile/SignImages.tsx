/**
 * Signature images (PROF-009): the user's signatures as the server keeps them (data-URLs shown
 * as they are), one of them the default. A new one is drawn on a canvas (signature_pad) or
 * taken from a picture (checked by the core as an image), and sent as a data-URL with POST
 * SignImg; the first one becomes the default. Set default and delete (after a confirmation)
 * act on one.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { App, Button, Card, Empty, Space, Spin, Tag, Upload } from 'antd';
import { ClearOutlined, SaveOutlined, UploadOutlined } from '@ant-design/icons';
import SignaturePad from 'signature_pad';
import { useTranslation } from 'react-i18next';
import { addSignImage, deleteSignImage, getSignImages, setDefaultSignImage, type SignImage } from '@/api/user';
import { useConfirm } from '@/components/useConfirm';
import { loadCore } from '@/core';
import { coreText } from '@/i18n';

function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export default function SignImages() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [list, setList] = useState<SignImage[] | null>(null);
  const [saving, setSaving] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);

  const load = useCallback(() => {
    getSignImages().then(
      ({ data }) => setList(data ?? []),
      () => setList((old) => old ?? []),
    );
  }, []);
  useEffect(load, [load]);

  useEffect(() => {
    if (!canvas.current) return;
    // The canvas is drawn at the screen's pixel ratio so strokes stay sharp.
    const el = canvas.current;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    el.width = el.offsetWidth * ratio || 600;
    el.height = el.offsetHeight * ratio || 200;
    el.getContext('2d')?.scale(ratio, ratio);
    pad.current = new SignaturePad(el, { backgroundColor: 'rgba(255,255,255,0)' });
    return () => pad.current?.off();
  }, []);

  const add = async (dataUrl: string) => {
    setSaving(true);
    try {
      const res = await addSignImage(dataUrl, list && list.length > 0 ? 0 : 1);
      message.success(res.msg || t('profile.saved'), 1.5);
      pad.current?.clear();
      load();
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  const saveDrawn = () => {
    if (!pad.current || pad.current.isEmpty()) {
      message.warning(t('profile.sign.drawFirst'));
      return;
    }
    void add(pad.current.toDataURL('image/png'));
  };

  const takePicture = async (file: File) => {
    const problem = (await loadCore()).validateUpload({}, 'image', 0, { name: file.name, size: file.size });
    if (problem) {
      message.error(coreText(problem));
      return;
    }
    void add(await readDataUrl(file));
  };

  const setDefault = async (id: string) => {
    try {
      const res = await setDefaultSignImage(id);
      message.success(res.msg || t('profile.saved'), 1.5);
      load();
    } catch {
      // shown by the HTTP client
    }
  };

  return (
    <div className="qm-sign">
      <Card size="small" title={t('profile.sign.draw')} className="qm-sign-draw">
        <p className="qm-sign-hint">{t('profile.sign.drawHint')}</p>
        <canvas ref={canvas} className="qm-sign-canvas" aria-label={t('profile.sign.draw')} />
        <Space className="qm-sign-actions" wrap>
          <Button icon={<ClearOutlined />} onClick={() => pad.current?.clear()}>
            {t('profile.sign.clear')}
          </Button>
          <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={saveDrawn}>
            {t('profile.sign.save')}
          </Button>
          <Upload
            accept="image/*"
            showUploadList={false}
            beforeUpload={(file) => {
              void takePicture(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />}>{t('profile.sign.uploadImage')}</Button>
          </Upload>
        </Space>
      </Card>
      <Card size="small" title={t('profile.sign.list')} className="qm-sign-list">
        {list === null ? (
          <Spin />
        ) : list.length === 0 ? (
          <Empty description={t('profile.sign.empty')} />
        ) : (
          <div className="qm-sign-items">
            {list.map((item) => (
              <div key={item.id} className="qm-sign-item" data-default={item.isDefault ? 'true' : 'false'}>
                <img src={item.signImg} alt={t('profile.sign.image')} />
                <div className="qm-sign-item-actions">
                  {item.isDefault ? (
                    <Tag color="blue">{t('profile.sign.isDefault')}</Tag>
                  ) : (
                    <Button size="small" type="link" onClick={() => void setDefault(item.id)}>
                      {t('profile.sign.asDefault')}
                    </Button>
                  )}
                  <Button size="small" type="link" danger onClick={() => confirm.remove(() => deleteSignImage(item.id), load)}>
                    {t('profile.sign.remove')}
                  </Button>
                </div>
              </div>
            ))}
          </div>
        )}
      </Card>
    </div>
  );
}
