/**
 * /workFlowDetail?config=… (jnpf-wire-engine2.md §7.3): the flow page opened from a flow
 * message or a card. `config` is base64 of `{processId, flowId, type, taskNodeId,
 * taskOperatorId}` — type 1 my launched (opType 0), 2 a to-do (opType 1, or 3 when the step
 * is already settled: `FlowBefore/{taskOperatorId}/Info` isCheck), else read-only. No 取消
 * and no 暂存 here; a refused check goes back.
 */
import { useEffect, useState } from 'react';
import { Empty, Spin } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getStepCheck } from '@/api/workflow';
import { FlowBox, type FlowSetting } from '@/workflow/FlowBox';

interface Config {
  processId?: string;
  flowId?: string;
  type?: number | string;
  taskNodeId?: string;
  taskOperatorId?: string;
}

/** The config of the query: base64 (of UTF-8 JSON), null when unreadable. */
export function readConfig(search: string): Config | null {
  const raw = new URLSearchParams(search).get('config');
  if (!raw) return null;
  try {
    const bytes = Uint8Array.from(atob(raw), (c) => c.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return parsed && typeof parsed === 'object' ? (parsed as Config) : null;
  } catch {
    return null;
  }
}

export default function WorkFlowDetail() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const [setting, setSetting] = useState<FlowSetting | null>(null);
  const [bad, setBad] = useState(false);

  useEffect(() => {
    const config = readConfig(search);
    if (!config?.processId) {
      setBad(true);
      return;
    }
    const type = Number(config.type);
    const base: FlowSetting = {
      id: config.processId,
      flowId: config.flowId ?? '',
      taskNodeId: config.taskNodeId,
      taskId: config.taskOperatorId,
      opType: type === 1 ? 0 : type === 2 ? 1 : 3,
      hideCancelBtn: true,
    };
    if (type !== 2 || !config.taskOperatorId) {
      setSetting(base);
      return;
    }
    let current = true;
    getStepCheck(config.taskOperatorId).then(
      ({ data }) => current && setSetting(data.isCheck ? { ...base, opType: 3 } : base),
      () => current && navigate(-1),
    );
    return () => {
      current = false;
    };
  }, [search, navigate]);

  if (bad) return <Empty description={t('flowTask.loadFailed')} />;
  if (!setting) return <Spin />;
  return (
    <div className="qm-flow-detail" style={{ padding: 16 }}>
      <FlowBox key={search} setting={setting} onClose={() => navigate(-1)} />
    </div>
  );
}
