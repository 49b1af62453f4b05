/**
 * The workflow's codes as the screens show them (jnpf-wire-engine2.md §7.2): task status tags,
 * urgency, the 已办 row's own handling, the records' handleStatus, and the completion cell.
 */
import { Progress, Tag } from 'antd';
import type { TFunction } from 'i18next';

/** Task status (0 等待提交 … 6 已被挂起) → tag colour. */
const STATUS_COLOURS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'error', 4: 'warning', 5: 'default', 6: 'default' };

/** Urgency 1 普通, 2 重要, 3 紧急, in JNPF's colours. */
export const URGENT_COLOURS: Record<number, string> = { 1: '#409EFF', 2: '#E6A23C', 3: '#F56C6C' };
export const URGENT_CODES = [1, 2, 3] as const;
export const STATUS_CODES = [0, 1, 2, 3, 4, 5, 6] as const;

export function StatusTag({ status, t }: { status: number; t: TFunction }) {
  return <Tag color={STATUS_COLOURS[status] ?? 'default'}>{t(`flowTask.statusText.${status}`, { defaultValue: String(status) })}</Tag>;
}

/** 已办's status is the user's own handling: 1 通过, 10 前加签, anything else 退回. */
export function DoneTag({ status, t }: { status: number; t: TFunction }) {
  const code = status === 1 || status === 10 ? status : 0;
  return <Tag color={code === 0 ? 'error' : 'success'}>{t(`flowTask.doneText.${code}`)}</Tag>;
}

export function UrgentText({ urgent, t }: { urgent: number; t: TFunction }) {
  const code = URGENT_COLOURS[urgent] ? urgent : 1;
  return <span style={{ color: URGENT_COLOURS[code] }}>{t(`flowTask.urgentText.${code}`)}</span>;
}

/** 完成情况: 100 已完成, 0 or a cancelled task ----, else a progress bar. */
export function CompletionCell({ completion, status, t }: { completion: number; status: number; t: TFunction }) {
  if (completion === 100) return <span>{t('flowTask.completed')}</span>;
  if (!completion || status === 5) return <span>----</span>;
  return <Progress percent={completion} size="small" aria-label={`${completion}%`} />;
}

/** A record's action (流转记录 执行动作). */
export const handleText = (t: TFunction, status: number) => t(`flowTask.handleText.${status}`, { defaultValue: String(status) });
