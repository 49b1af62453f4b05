/**
 * The flow page (FlowBox; jnpf-wire-engine2.md §7.4–7.6): a task's form, its flow and its
 * records, with the buttons of the mode it is opened in — opType '-1' a new task or my draft
 * (提交 with the urgency, 暂存), 0 my launched task (催办, 撤回), 1 my to-do (通过, 退回), 2 done
 * and 3 copied (read-only). The form is the generated one (FormRenderer) with the node's
 * field permissions (formOperates). Opened from the task lists in a full-page drawer and at
 * /workFlowDetail. 流程信息 draws the flow (FlowChart, the nodes passed and current marked) and
 * lists the nodes reached with their handlers.
 */
import { useEffect, useMemo, useState } from 'react';
import { App, Button, Drawer, Empty, Select, Space, Spin, Table, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { auditTask, getCandidates, getRejectList, pressTask, rejectTask, saveTask, withdrawTask, type CandidateNode, type RejectNode } from '@/api/workflow';
import { FormRenderer, readFormData, useFormEngine, type FormDefinition, type FormRecord } from '@/engine';
import { formatTime } from '@/components/listColumns';
import { applyFormOperates, editableIn, type OpType } from './formOperates';
import { URGENT_CODES, handleText } from './codes';
import { FlowChart, marksOf } from './FlowChart';
import { CandidateDialog, RejectDialog, type CandidateValues } from './FlowDialogs';
import { getFlowView, type FlowRecord, type FlowTaskNode, type FlowView } from './flowView';

/** What opens the page (the client's `setting`). */
export interface FlowSetting {
  /** The task ('' for a new one). */
  id: string;
  flowId: string;
  opType: OpType;
  taskNodeId?: string;
  /** The operator (the user's step) of a to-do or a done row. */
  taskId?: string;
  status?: number;
  /** /workFlowDetail: no 取消 and no 暂存. */
  hideCancelBtn?: boolean;
}

interface Props {
  setting: FlowSetting;
  onClose(): void;
  /** After a submit, an approval, … (the list refreshes). */
  onDone?(): void;
}

const prop = (p: Record<string, unknown>, key: string) => p[key];
/** A button switch: on unless the node turns it off. */
const on = (p: Record<string, unknown>, key: string) => prop(p, key) !== false;
const text = (p: Record<string, unknown>, key: string, fallback: string) => (typeof p[key] === 'string' && (p[key] as string).trim() ? (p[key] as string) : fallback);

export function FlowBox({ setting, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [view, setView] = useState<FlowView | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    getFlowView(setting.id, { taskNodeId: setting.taskNodeId, taskOperatorId: setting.taskId, flowId: setting.flowId }).then(
      (v) => current && setView(v),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [setting.id, setting.taskNodeId, setting.taskId, setting.flowId]);
  if (failed) return <Empty description={t('flowTask.loadFailed')} />;
  if (!view) return <Spin className="qm-flow-loading" />;
  return <FlowPage setting={setting} view={view} onClose={onClose} onDone={onDone} />;
}

const EMPTY_FORM: FormDefinition = { fields: [] };

function FlowPage({ setting, view, onClose, onDone }: Props & { view: FlowView }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { opType } = setting;
  const props = view.approversProperties ?? {};
  const task = view.flowTaskInfo;
  const status = task?.status ?? setting.status ?? 0;
  const definition = useMemo(() => readFormData(view.flowFormInfo?.propertyJson), [view]);
  const shown = useMemo(() => applyFormOperates(definition ?? EMPTY_FORM, Array.isArray(view.formOperates) ? view.formOperates : [], opType), [definition, view, opType]);
  const engine = useFormEngine(shown, (view.draftData ?? view.formData ?? undefined) as FormRecord | undefined);
  const [urgent, setUrgent] = useState(task?.flowUrgent ?? 1);
  const [busy, setBusy] = useState(false);
  const [candidates, setCandidates] = useState<{ mode: 'submit' | 'audit'; nodes: CandidateNode[]; type: number } | null>(null);
  const [rejects, setRejects] = useState<RejectNode[] | null>(null);

  const taskId = setting.id || task?.id || '';
  const flowId = setting.flowId || task?.flowId || '';
  const operatorId = setting.taskId ?? '';
  const title =
    opType === '-1' ? view.flowTemplateInfo.fullName : [task?.fullName ?? '', opType === 2 || opType === 3 || opType === 4 ? '' : task?.thisStep ?? ''].filter(Boolean).join('/');

  /** After a call: its message; the page closes unless it `stays` (催办 leaves the task as it is). */
  const finish = (msg: string, stays = false) => {
    void message.success(msg || t('manage.done'), 1.5);
    if (stays) return;
    onDone?.();
    onClose();
  };
  /** The form's record once the core's checks pass (none: the form shows why). */
  const formRecord = async () => {
    if (!editableIn(opType) || !definition) return engine.current();
    const found = await engine.validate();
    return Object.keys(found).length ? null : engine.current();
  };
  const run = async (call: () => Promise<{ msg: string }>, stays = false) => {
    setBusy(true);
    try {
      finish((await call()).msg, stays);
    } catch (error) {
      engine.showServerMessages(error);
    } finally {
      setBusy(false);
    }
  };
  const ask = (content: string, call: () => Promise<{ msg: string }>, stays = false) =>
    modal.warning({ title: t('common.tip'), content, okCancel: true, okText: t('common.confirm'), cancelText: t('common.cancel'), onOk: () => run(call, stays) });

  // ---- 提交 / 暂存 (§7.5) ----
  const submitBody = (record: FormRecord, more: Partial<CandidateValues> & { status: number; candidateType?: number }) => ({
    id: taskId,
    flowId,
    formData: record,
    flowUrgent: urgent,
    ...more,
  });
  const save = async () => {
    const record = await formRecord();
    if (record) await run(() => saveTask(taskId, submitBody(record, { status: 1 })));
  };
  const submit = async () => {
    const record = await formRecord();
    if (!record) return;
    const { data } = await getCandidates('0', { id: taskId, flowId, formData: record });
    if (data.list.length || props.isCustomCopy === true) setCandidates({ mode: 'submit', nodes: data.list, type: data.type });
    else ask(t('flowTask.submitConfirm'), () => saveTask(taskId, submitBody(record, { status: 0, candidateType: data.type })));
  };

  // ---- 通过 / 退回 (§7.6) ----
  const audit = async () => {
    const record = await formRecord();
    if (!record) return;
    const { data } = await getCandidates(operatorId, { id: taskId, flowId, formData: record });
    if (data.list.length || props.hasOpinion === true || props.isCustomCopy === true) setCandidates({ mode: 'audit', nodes: data.list, type: data.type });
    else ask(t('flowTask.auditConfirm'), () => auditTask(operatorId, { formData: record, handleOpinion: '', fileList: [], signImg: '' }));
  };
  const chosen = async (values: CandidateValues) => {
    const record = engine.current();
    if (candidates?.mode === 'submit') await run(() => saveTask(taskId, submitBody(record, { status: 0, candidateType: candidates.type, ...values })));
    else await run(() => auditTask(operatorId, { formData: record, fileList: [], signImg: '', ...values }));
  };
  const reject = async () => {
    const { data } = await getRejectList(operatorId);
    const withNode = prop(props, 'rejectType') != null && data.isLastAppro;
    if (withNode || props.hasOpinion === true) setRejects(data.list);
    else ask(t('flowTask.rejectConfirm'), () => rejectTask(operatorId, { handleOpinion: '', fileList: [], signImg: '', rejectStep: data.list[0]?.nodeCode }));
  };

  // ---- 催办 / 撤回 (my launched) ----
  const press = () => ask(t('flowTask.pressConfirm'), () => pressTask(taskId), true);
  const revoke = () => ask(t('flowTask.revokeConfirm'), () => withdrawTask(taskId, { handleOpinion: '', signImg: '', fileList: [] }));

  const guard = (f: () => Promise<void>) => () => void f().catch(() => undefined);
  const buttons = (
    <Space className="qm-flow-buttons">
      {opType === '-1' && (
        <>
          <Select
            aria-label={t('flowTask.urgent')}
            value={urgent}
            onChange={setUrgent}
            style={{ width: 100 }}
            options={URGENT_CODES.map((c) => ({ value: c, label: t(`flowTask.urgentText.${c}`) }))}
          />
          {on(props, 'hasSubmitBtn') && (
            <Button type="primary" loading={busy} onClick={guard(submit)}>
              {text(props, 'submitBtnText', t('flowTask.submit'))}
            </Button>
          )}
          {!setting.hideCancelBtn && (
            <Button loading={busy} onClick={guard(save)}>
              {text(props, 'saveBtnText', t('flowTask.save'))}
            </Button>
          )}
        </>
      )}
      {opType === 0 && status === 1 && (
        <>
          {on(props, 'hasPressBtn') && (
            <Button type="primary" onClick={press}>
              {text(props, 'pressBtnText', t('flowTask.press'))}
            </Button>
          )}
          {on(props, 'hasRevokeBtn') && <Button onClick={revoke}>{text(props, 'revokeBtnText', t('flowTask.revoke'))}</Button>}
        </>
      )}
      {opType === 1 && (
        <>
          {on(props, 'hasAuditBtn') && (
            <Button type="primary" loading={busy} onClick={guard(audit)}>
              {text(props, 'auditBtnText', t('flowTask.audit'))}
            </Button>
          )}
          {on(props, 'hasRejectBtn') && (
            <Button danger loading={busy} onClick={guard(reject)}>
              {text(props, 'rejectBtnText', t('flowTask.reject'))}
            </Button>
          )}
        </>
      )}
      {!setting.hideCancelBtn && <Button onClick={onClose}>{t('flowTask.cancel')}</Button>}
    </Space>
  );

  const nodeColumns = [
    { key: 'nodeName', title: t('flowTask.nodeName'), dataIndex: 'nodeName' },
    { key: 'type', title: t('flowTask.nodeState'), dataIndex: 'type', width: 100, render: (v: number) => (v === 1 ? <Tag color="processing">{t('flowTask.nodeCurrent')}</Tag> : <Tag color="success">{t('flowTask.nodeDone')}</Tag>) },
    { key: 'userName', title: t('flowTask.handler'), dataIndex: 'userName' },
  ];
  const recordColumns = [
    { key: 'nodeName', title: t('flowTask.nodeName'), dataIndex: 'nodeName', width: 140 },
    { key: 'userName', title: t('flowTask.operator'), dataIndex: 'userName', width: 140 },
    { key: 'creatorTime', title: t('flowTask.receiveTime'), dataIndex: 'creatorTime', width: 160, render: (v: number | null) => formatTime(v) },
    { key: 'handleTime', title: t('flowTask.operateTime'), dataIndex: 'handleTime', width: 160, render: (v: number | null) => formatTime(v) },
    { key: 'handleStatus', title: t('flowTask.action'), dataIndex: 'handleStatus', width: 100, render: (v: number) => handleText(t, v) },
    { key: 'signImg', title: t('flowTask.sign'), dataIndex: 'signImg', width: 120, render: (v: string) => (v ? <img src={v} alt={t('flowTask.sign')} style={{ maxHeight: 40 }} /> : null) },
    { key: 'handleOpinion', title: t('flowTask.opinionCol'), dataIndex: 'handleOpinion' },
  ];
  const records = [...(view.flowTaskOperatorRecordList ?? [])].reverse();

  return (
    <div className="qm-flow-box">
      <div className="qm-flow-box-header" style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 12 }}>
        <h3 className="qm-flow-box-title" style={{ margin: 0 }}>
          {title}
        </h3>
        {buttons}
      </div>
      <Tabs
        items={[
          { key: 'form', label: t('flowTask.formTab'), children: definition ? <FormRenderer engine={engine} /> : <Empty description={t('flowTask.noForm')} /> },
          {
            key: 'flow',
            label: t('flowTask.flowTab'),
            children: (
              <>
                <FlowChart tree={view.flowTemplateInfo.flowTemplateJson} {...marksOf(view.flowTaskNodeList)} />
                {opType !== '-1' && <Table<FlowTaskNode> className="qm-flow-nodes" rowKey="id" size="small" pagination={false} columns={nodeColumns} dataSource={view.flowTaskNodeList ?? []} />}
              </>
            ),
          },
          ...(opType === '-1'
            ? []
            : [{ key: 'records', label: t('flowTask.recordTab'), children: <Table<FlowRecord> className="qm-flow-records" rowKey="id" size="small" pagination={false} columns={recordColumns} dataSource={records} /> }]),
        ]}
      />
      <CandidateDialog
        open={!!candidates}
        title={t(candidates?.mode === 'audit' ? 'flowTask.auditTitle' : 'flowTask.submitTitle')}
        operatorId={candidates?.mode === 'audit' ? operatorId : '0'}
        task={{ id: taskId, flowId }}
        nodes={candidates?.nodes ?? []}
        withOpinion={candidates?.mode === 'audit' && props.hasOpinion === true}
        withCopy={props.isCustomCopy === true}
        onOk={chosen}
        onCancel={() => setCandidates(null)}
      />
      <RejectDialog
        open={!!rejects}
        nodes={rejects ?? []}
        selectable={String(prop(props, 'rejectStep') ?? '') === '2'}
        withNode={prop(props, 'rejectType') != null}
        withOpinion={props.hasOpinion === true}
        onOk={(values) => run(() => rejectTask(operatorId, { fileList: [], signImg: '', ...values }))}
        onCancel={() => setRejects(null)}
      />
    </div>
  );
}

/** FlowBox over the page (the lists open it as the record dialogs open theirs). */
export function FlowBoxDrawer({ setting, onClose, onDone }: { setting: FlowSetting | null; onClose(): void; onDone?(): void }) {
  return (
    <Drawer open={!!setting} size="100%" closable={false} destroyOnHidden onClose={onClose} className="qm-flow-drawer">
      {setting && <FlowBox setting={setting} onClose={onClose} onDone={onDone} />}
    </Drawer>
  );
}
