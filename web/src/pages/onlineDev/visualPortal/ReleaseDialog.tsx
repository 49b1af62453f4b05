/**
 * 同步门户 (发布; jnpf-wire-engine2.md §2.1 "Release dialog"): Web and App tiles (both chosen),
 * and for a side not released yet the 应用 it goes to (the enabled applications; required).
 * None chosen: 请至少选择一种门户同步方式. 确定 asks 发布确定后会覆盖当前线上版本且进行门户同步，是否继续？
 * and sends the server's release (type-8 menus under those applications): `{pc, app,
 * pcModuleParentId, appModuleParentId, pcSystemId, appSystemId}`.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Checkbox, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { getReleaseSystems, releasePortal } from '@/api/portal';
import { fieldErrorsOf } from '@/utils/formErrors';

export interface ReleaseTarget {
  id: string;
  /** Sides already released: they need no application again. */
  released: { pc: boolean; app: boolean };
}

interface Props {
  target: ReleaseTarget | null;
  onClose(): void;
  onDone(): void;
}

export function ReleaseDialog({ target, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [systems, setSystems] = useState<{ value: string; label: string }[]>([]);
  const [pc, setPc] = useState(true);
  const [app, setApp] = useState(true);
  const [pcSystems, setPcSystems] = useState<string[]>([]);
  const [appSystems, setAppSystems] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const open = target !== null;

  useEffect(() => {
    if (!open) return;
    setPc(true);
    setApp(true);
    setPcSystems([]);
    setAppSystems([]);
    setErrors({});
    let alive = true;
    getReleaseSystems().then(
      ({ data }) => alive && setSystems((data?.list ?? []).map((s) => ({ value: s.id, label: s.fullName }))),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [open]);

  const submit = () => {
    if (!target) return;
    if (!pc && !app) {
      void message.error(t('portalDesign.releaseNone'));
      return;
    }
    const missing: Record<string, string> = {};
    if (pc && !target.released.pc && !pcSystems.length) missing.pcModuleParentId = t('portalDesign.systemRequired');
    if (app && !target.released.app && !appSystems.length) missing.appModuleParentId = t('portalDesign.systemRequired');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    modal.confirm({
      title: t('common.tip'),
      content: t('portalDesign.releaseConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () =>
        releasePortal(target.id, {
          pc: pc ? 1 : 0,
          app: app ? 1 : 0,
          pcModuleParentId: pc ? pcSystems : [],
          appModuleParentId: app ? appSystems : [],
          pcSystemId: pc ? pcSystems.join(',') : '',
          appSystemId: app ? appSystems.join(',') : '',
        }).then(
          (res) => {
            void message.success(res.msg || t('manage.done'));
            onClose();
            onDone();
          },
          (error: unknown) => {
            const fields = fieldErrorsOf(error);
            if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.join('；')])));
          },
        ),
    });
  };

  const side = (key: 'pc' | 'app', on: boolean, setOn: (v: boolean) => void, chosen: string[], setChosen: (v: string[]) => void) => {
    const field = key === 'pc' ? 'pcModuleParentId' : 'appModuleParentId';
    return (
      <div className="qm-portal-release-side">
        <Checkbox checked={on} onChange={(e) => setOn(e.target.checked)}>
          {t(key === 'pc' ? 'portalDesign.releasePc' : 'portalDesign.releaseApp')}
        </Checkbox>
        {on && !target?.released[key] && (
          <Form.Item label={t('portalDesign.system')} required htmlFor={`release-${key}`} validateStatus={errors[field] ? 'error' : undefined} help={errors[field]} style={{ marginTop: 8 }}>
            <Select
              id={`release-${key}`}
              mode="multiple"
              allowClear
              placeholder={t('picker.placeholder')}
              options={systems}
              value={chosen}
              onChange={(v: string[]) => setChosen(v)}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        )}
      </div>
    );
  };

  return (
    <Modal open={open} title={t('portalDesign.releaseTitle')} width={600} onCancel={onClose} onOk={submit} okText={t('common.confirm')} cancelText={t('common.cancel')} className="qm-portal-release" destroyOnHidden>
      <Alert type="warning" showIcon title={t('portalDesign.releaseAlert')} style={{ marginBottom: 16 }} />
      <Form layout="vertical" component="div">
        {side('pc', pc, setPc, pcSystems, setPcSystems)}
        {side('app', app, setApp, appSystems, setAppSystems)}
      </Form>
    </Modal>
  );
}
