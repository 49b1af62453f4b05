/**
 * FlowBox's dialogs (jnpf-wire-engine2.md §7.5, §7.6): 提交审核 / 审批通过 — a row
 * `<node>审批人` per node whose people are chosen now (required: 审批人不能为空; the picker lists
 * `FlowBefore/CandidateUser`), 审批意见 when the node asks for one, 抄送人员 when it allows a
 * custom copy — and 审批退回 with 退回节点 (from RejectList; choosable only for 自选, rejectStep
 * '2') and 审批意见.
 */
import { useEffect, useState } from 'react';
import { Form, Input, Modal, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { getCandidateUsers, type CandidateNode, type RejectNode } from '@/api/workflow';
import { UserSelect } from '@/widgets/pickers/UserSelect';

export interface CandidateValues {
  candidateList: Record<string, string[]>;
  copyIds: string;
  handleOpinion: string;
}

/** A 候选人员 node's people: a page of its candidates, searched by keyword on the server. */
function CandidatePicker({ operatorId, node, task, value, onChange, label }: { operatorId: string; node: CandidateNode; task: { id: string; flowId: string }; value?: string[]; onChange?(v: string[]): void; label: string }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let current = true;
    setLoading(true);
    getCandidateUsers(operatorId, { nodeCode: node.nodeId, keyword, currentPage: 1, pageSize: 20, id: task.id, flowId: task.flowId }).then(
      ({ data }) => current && (setOptions(data.list.map((u) => ({ value: u.id, label: u.organize ? `${u.fullName}（${u.organize}）` : u.fullName }))), setLoading(false)),
      () => current && setLoading(false),
    );
    return () => {
      current = false;
    };
  }, [operatorId, node.nodeId, keyword, task.id, task.flowId]);
  return (
    <Select
      mode="multiple"
      aria-label={label}
      placeholder={t('flowTask.approverPlaceholder')}
      value={value}
      onChange={onChange}
      loading={loading}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      options={options}
    />
  );
}

/** A dialog's 确定: the form's values once its rules pass, shaped and handed to `onOk` while 确定 spins. */
function useOk<V>(form: FormInstance, onOk: (values: V) => Promise<unknown>, shape: (values: Record<string, unknown>) => V) {
  const [saving, setSaving] = useState(false);
  const ok = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await onOk(shape(values));
    } catch {
      // the HTTP client showed the refusal
    } finally {
      setSaving(false);
    }
  };
  return { saving, ok };
}

interface CandidateProps {
  open: boolean;
  title: string;
  operatorId: string;
  task: { id: string; flowId: string };
  nodes: CandidateNode[];
  withOpinion: boolean;
  withCopy: boolean;
  onOk(values: CandidateValues): Promise<unknown>;
  onCancel(): void;
}

export function CandidateDialog({ open, title, operatorId, task, nodes, withOpinion, withCopy, onOk, onCancel }: CandidateProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const { saving, ok } = useOk(form, onOk, (values): CandidateValues => {
    const candidateList: Record<string, string[]> = {};
    for (const n of nodes) candidateList[n.nodeId] = (values[`node_${n.nodeId}`] as string[] | undefined) ?? [];
    const copy = values.copyIds;
    const copyIds = Array.isArray(copy) ? copy.join(',') : typeof copy === 'string' ? copy : '';
    return { candidateList, copyIds, handleOpinion: String(values.handleOpinion ?? '') };
  });
  return (
    <Modal open={open} title={title} width={600} onOk={() => void ok()} onCancel={onCancel} confirmLoading={saving} destroyOnHidden okText={t('common.confirm')} cancelText={t('common.cancel')}>
      <Form form={form} layout="vertical" className="qm-flow-candidates" preserve={false}>
        {nodes.map((n) => {
          const label = t('flowTask.approvers', { node: n.nodeName });
          return (
            <Form.Item key={n.nodeId} name={`node_${n.nodeId}`} label={label} rules={[{ required: true, message: t('flowTask.approverRequired') }]}>
              <CandidatePicker operatorId={operatorId} node={n} task={task} label={label} />
            </Form.Item>
          );
        })}
        {withOpinion && (
          <Form.Item name="handleOpinion" label={t('flowTask.opinion')}>
            <Input.TextArea aria-label={t('flowTask.opinion')} placeholder={t('flowTask.opinionPlaceholder')} rows={3} />
          </Form.Item>
        )}
        {withCopy && (
          <Form.Item name="copyIds" label={t('flowTask.copyUsers')}>
            <UserSelect multiple aria-label={t('flowTask.copyUsers')} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

interface RejectProps {
  open: boolean;
  nodes: RejectNode[];
  /** 自选 (rejectStep '2'): the node may be chosen; else it is shown as decided. */
  selectable: boolean;
  withNode: boolean;
  withOpinion: boolean;
  onOk(values: { rejectStep: string; handleOpinion: string }): Promise<unknown>;
  onCancel(): void;
}

export function RejectDialog({ open, nodes, selectable, withNode, withOpinion, onOk, onCancel }: RejectProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const { saving, ok } = useOk(form, onOk, (values) => ({ rejectStep: String(values.rejectStep ?? ''), handleOpinion: String(values.handleOpinion ?? '') }));
  return (
    <Modal open={open} title={t('flowTask.rejectTitle')} width={600} onOk={() => void ok()} onCancel={onCancel} confirmLoading={saving} destroyOnHidden okText={t('common.confirm')} cancelText={t('common.cancel')}>
      <Form form={form} layout="vertical" className="qm-flow-reject" preserve={false} initialValues={{ rejectStep: nodes[0]?.nodeCode }}>
        {withNode && (
          <Form.Item name="rejectStep" label={t('flowTask.rejectNode')}>
            <Select aria-label={t('flowTask.rejectNode')} disabled={!selectable} options={nodes.map((n) => ({ value: n.nodeCode, label: n.nodeName }))} />
          </Form.Item>
        )}
        {withOpinion && (
          <Form.Item name="handleOpinion" label={t('flowTask.opinion')}>
            <Input.TextArea aria-label={t('flowTask.opinion')} placeholder={t('flowTask.opinionPlaceholder')} rows={3} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
