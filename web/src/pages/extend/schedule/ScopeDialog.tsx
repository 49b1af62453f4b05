/**
 * The scope of a change or a deletion of a repeating schedule (SCHED-007..009; widget spec
 * 2.8, 4.8): a 380px dialog that says the schedule repeats and that the change applies to the
 * chosen occurrences — 1 this one, 2 this and the following ones, 3 all. Nothing is chosen at
 * first; confirming without a choice says 请选择日程 and goes no further.
 */
import { useEffect, useState } from 'react';
import { App, Radio, Space } from 'antd';
import { FormModal } from '@/components/FormModal';
import { useTranslation } from 'react-i18next';
import type { ScheduleScope } from '@/api/schedule';

/** SCHED-007, CONST: the scope dialog is 380px wide. */
export const SCOPE_DIALOG_WIDTH = 380;

interface Props {
  open: boolean;
  /** 删除确认 or 编辑确认. */
  title: string;
  /** What the dialog states above the choices. */
  text: string;
  /** Spins 确定 while the chosen change runs. */
  loading?: boolean;
  onConfirm(scope: ScheduleScope): void;
  onCancel(): void;
}

export function ScopeDialog({ open, title, text, loading, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [scope, setScope] = useState<ScheduleScope | null>(null);
  useEffect(() => {
    if (open) setScope(null);
  }, [open]);

  const confirm = () => {
    // SCHED-009
    if (!scope) return void message.warning(t('schedule.scopeRequired'));
    onConfirm(scope);
  };

  return (
    <FormModal open={open} title={title} width={SCOPE_DIALOG_WIDTH} className="qm-schedule-scope" confirmLoading={loading}
      onOk={confirm} onCancel={onCancel}>
      <p className="qm-schedule-scope-text">{text}</p>
      <Radio.Group value={scope} onChange={(e) => setScope(e.target.value as ScheduleScope)}>
        <Space orientation="vertical">
          <Radio value={1}>{t('schedule.scopes.1')}</Radio>
          <Radio value={2}>{t('schedule.scopes.2')}</Radio>
          <Radio value={3}>{t('schedule.scopes.3')}</Radio>
        </Space>
      </Radio.Group>
    </FormModal>
  );
}
