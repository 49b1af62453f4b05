/**
 * 新建流程 (我发起的; jnpf-wire-engine2.md §7.9): the templates the user may launch
 * (`flowTemplate/PageListAll`, flowType 0), one tab per WorkFlowCategory item; a click asks
 * the template's flows (`FlowJsonList`): none → 流程不存在, one → opened at once, several → the
 * user chooses (请选择流程). The chosen flow opens FlowBox as a new task (opType '-1').
 */
import { useEffect, useState } from 'react';
import { App, Button, Empty, Modal, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { getFlowJsonList, getLaunchTemplates, type FlowJson, type LaunchTemplate } from '@/api/workflow';
import { useDictionary } from '@/hooks/useDictionary';
import type { FlowSetting } from './FlowBox';

interface Props {
  open: boolean;
  onClose(): void;
  onChosen(setting: FlowSetting): void;
}

export function LaunchDialog({ open, onClose, onChosen }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const categories = useDictionary('WorkFlowCategory');
  const [category, setCategory] = useState('');
  const [templates, setTemplates] = useState<LaunchTemplate[]>([]);
  const [loading, setLoading] = useState(false);
  const [flows, setFlows] = useState<FlowJson[] | null>(null);

  useEffect(() => {
    if (!open) return;
    let current = true;
    setLoading(true);
    getLaunchTemplates({ currentPage: 1, pageSize: 50, category }).then(
      ({ data }) => current && (setTemplates(data.list), setLoading(false)),
      () => current && setLoading(false),
    );
    return () => {
      current = false;
    };
  }, [open, category]);

  const close = () => {
    setFlows(null);
    onClose();
  };
  const choose = (flowId: string) => {
    setFlows(null);
    onChosen({ id: '', flowId, opType: '-1' });
  };
  const pick = async (template: LaunchTemplate) => {
    const { data } = await getFlowJsonList(template.id);
    if (!data.length) void message.error(t('flowTask.noFlow'), 1.5);
    else if (data.length === 1) choose(data[0].id);
    else setFlows(data);
  };

  const grid = loading ? (
    <Spin />
  ) : templates.length ? (
    <div className="qm-flow-templates" style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
      {templates.map((tpl) => (
        <Button key={tpl.id} className="qm-flow-template" onClick={() => void pick(tpl).catch(() => undefined)}>
          <i className={tpl.icon} style={{ color: tpl.iconBackground || undefined, marginRight: 6 }} />
          {tpl.fullName}
        </Button>
      ))}
    </div>
  ) : (
    <Empty />
  );

  return (
    <>
      <Modal open={open && !flows} title={t('flowTask.newFlow')} width={800} footer={null} onCancel={close} destroyOnHidden>
        <Tabs
          activeKey={category}
          onChange={setCategory}
          items={[{ key: '', label: t('flowTask.allCategories') }, ...categories.map((c) => ({ key: c.id, label: c.fullName }))].map((tab) => ({ ...tab, children: tab.key === category ? grid : null }))}
        />
      </Modal>
      <Modal open={!!flows} title={t('flowTask.chooseFlow')} width={400} footer={null} onCancel={close} destroyOnHidden>
        {(flows ?? []).map((f) => (
          <Button key={f.id} block style={{ marginBottom: 8 }} onClick={() => choose(f.id)}>
            {f.fullName}
          </Button>
        ))}
      </Modal>
    </>
  );
}
