/**
 * The task lists of the 工作流程 menu (jnpf-wire-engine2.md §7.9): 待办事宜, 已办事宜, 抄送事宜
 * and 我发起的 — one list page with the common query (keyword on Enter, a date range, 所属流程
 * from `flowTemplate/ListAll` by category, 紧急程度; 我发起的 adds 流程状态), the columns of each
 * list, and the flow page (FlowBox) opened from a row in the mode of that list.
 * 我发起的 also offers 新建流程 (LaunchDialog), and per row 编辑 (a draft, a rejected or revoked
 * task), 详情 (a submitted task) and 删除 (a draft or revoked task, after confirmation).
 */
import { useEffect, useState } from 'react';
import { Select, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { deleteLaunch, getFlowListAll, getLaunchList, getTaskList, type CategoryGroup, type LaunchRow, type TodoRow } from '@/api/workflow';
import { ListPage } from '@/components/ListPage';
import { RowButton } from '@/components/RowActions';
import { actionsColumn, formatTime } from '@/components/listColumns';
import { useConfirm } from '@/components/useConfirm';
import { DatePicker } from '@/components/zonedPickers';
import { useList } from '@/hooks/useList';
import { wallMs } from '@/utils/clock';
import { CompletionCell, DoneTag, STATUS_CODES, StatusTag, URGENT_CODES, UrgentText } from './codes';
import { FlowBoxDrawer, type FlowSetting } from './FlowBox';
import { LaunchDialog } from './LaunchDialog';

export type TaskListKind = 'todo' | 'done' | 'circulate' | 'launch';

const CATEGORY = { todo: '1', done: '2', circulate: '3' } as const;

/** The time column's title: when the row came to the user. */
const TIME_TITLE = { todo: 'flowTask.receiveTime', done: 'flowTask.handleTime', circulate: 'flowTask.copyTime' } as const;

/** The bar's filters besides the keyword ('' or undefined: every value). */
interface Filters {
  startTime?: number;
  endTime?: number;
  templateId: string;
  flowId: string;
  flowUrgent: string;
  flowCategory: string;
  status: string;
}

const FILTERS: Filters = { startTime: undefined, endTime: undefined, templateId: '', flowId: '', flowUrgent: '', flowCategory: '', status: '' };

type Row = TodoRow & Partial<LaunchRow>;

/** 我发起的 (§7.9): 编辑 not for status 1, 2, 4, 5, 6; 删除 not for 1, 2, 3, 5, 6; 详情 not for a draft. */
const editable = (status: number) => ![1, 2, 4, 5, 6].includes(status);
const removable = (status: number) => ![1, 2, 3, 5, 6].includes(status);

export function TaskList({ kind }: { kind: TaskListKind }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const list = useList<Row, Filters>(
    ({ status, flowUrgent, ...rest }) => {
      const query = { ...rest, sort: 'desc', sidx: '', flowUrgent: flowUrgent ? Number(flowUrgent) : undefined };
      return (kind === 'launch' ? getLaunchList({ ...query, status: status === '' ? undefined : Number(status) }) : getTaskList(CATEGORY[kind], query)) as ReturnType<typeof getTaskList>;
    },
    { filters: FILTERS },
  );
  const [groups, setGroups] = useState<CategoryGroup[]>([]);
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [open, setOpen] = useState<FlowSetting | null>(null);
  const [launching, setLaunching] = useState(false);

  useEffect(() => {
    getFlowListAll().then(
      ({ data }) => setGroups(data.list),
      () => undefined,
    );
  }, []);

  const changeRange = (value: [Dayjs | null, Dayjs | null] | null) => {
    const [start, end] = value ?? [null, null];
    setRange(start && end ? [start, end] : null);
    list.setFilters({ startTime: start ? wallMs(start.format('YYYY-MM-DD')) : undefined, endTime: end ? wallMs(end.format('YYYY-MM-DD 23:59:59.999')) : undefined });
  };
  const reset = () => {
    setRange(null);
    list.reset();
  };

  /** The flow page in this list's mode (§7.9's last column). */
  const openRow = (row: Row, opType: FlowSetting['opType']) => {
    if (kind === 'launch') setOpen({ id: row.id, flowId: row.flowId, opType, status: row.status });
    else setOpen({ id: row.processId, flowId: row.flowId, opType, taskNodeId: row.thisStepId, taskId: kind === 'circulate' ? undefined : row.id });
  };

  const title = (row: Row) => row.fullName;
  const columns: TableColumnsType<Row> = [
    { key: 'fullName', title: t('flowTask.title'), dataIndex: 'fullName', width: 220, ellipsis: true },
    { key: 'flowName', title: t('flowTask.flowName'), dataIndex: 'flowName', width: 150, ellipsis: true },
    { key: 'startTime', title: t('flowTask.startTime'), dataIndex: 'startTime', width: 160, render: (v: number | null) => formatTime(v) },
    ...(kind === 'launch' ? [] : [{ key: 'userName', title: t('flowTask.userName'), dataIndex: 'userName', width: 130 }]),
    { key: 'thisStep', title: t(kind === 'launch' ? 'flowTask.currentStep' : 'flowTask.thisStep'), dataIndex: 'thisStep', width: 130 },
    { key: 'flowUrgent', title: t('flowTask.urgent'), dataIndex: 'flowUrgent', width: 90, align: 'center', render: (v: number) => <UrgentText urgent={v} t={t} /> },
    {
      key: 'status',
      title: t('flowTask.status'),
      dataIndex: 'status',
      width: 110,
      align: 'center',
      render: (v: number) => (kind === 'done' ? <DoneTag status={v} t={t} /> : <StatusTag status={v} t={t} />),
    },
    ...(kind === 'launch'
      ? [{ key: 'completion', title: t('flowTask.completion'), dataIndex: 'completion', width: 150, render: (v: number, row: Row) => <CompletionCell completion={v} status={row.status} t={t} /> }]
      : [{ key: 'creatorTime', title: t(TIME_TITLE[kind]), dataIndex: 'creatorTime', width: 160, render: (v: number) => formatTime(v) }]),
    actionsColumn<Row>(t, kind === 'launch' ? 170 : 90, (row) =>
      kind === 'launch' ? (
        <>
          {editable(row.status) && <RowButton text={t('flowTask.edit')} label={title(row)} onClick={() => openRow(row, '-1')} />}
          {row.status !== 0 && <RowButton text={t('flowTask.detail')} label={title(row)} onClick={() => openRow(row, 0)} />}
          {removable(row.status) && <RowButton danger text={t('flowTask.remove')} label={title(row)} onClick={() => confirm.remove(() => deleteLaunch(row.id), list.refresh)} />}
        </>
      ) : (
        <RowButton text={t(kind === 'todo' ? 'flowTask.approve' : 'flowTask.detail')} label={title(row)} onClick={() => openRow(row, kind === 'todo' ? 1 : kind === 'done' ? 2 : 3)} />
      ),
    ),
  ];

  return (
    <div className={`qm-flow-list qm-flow-${kind}`}>
      <ListPage<Row, Filters>
        list={list}
        search={{ ...list, reset }}
        onAdd={kind === 'launch' ? () => setLaunching(true) : undefined}
        addLabel={t('flowTask.newFlow')}
        filters={
          <>
            <DatePicker.RangePicker
              value={range}
              onChange={changeRange}
              allowClear
              placeholder={[t('flowTask.startDate'), t('flowTask.endDate')]}
              aria-label={t('flowTask.dateRange')}
            />
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              aria-label={t('flowTask.flowName')}
              placeholder={t('flowTask.allFlows')}
              style={{ width: 180 }}
              value={list.query.templateId || undefined}
              options={groups.map((g) => ({ label: `${g.fullName}【${g.num}】`, title: g.fullName, options: g.children.map((c) => ({ value: c.id, label: c.fullName })) }))}
              onChange={(v?: string) => list.setFilters({ templateId: v ?? '', flowId: '' })}
            />
            <Select
              allowClear
              aria-label={t('flowTask.urgent')}
              placeholder={t('flowTask.urgent')}
              style={{ width: 110 }}
              value={list.query.flowUrgent || undefined}
              options={URGENT_CODES.map((c) => ({ value: String(c), label: t(`flowTask.urgentText.${c}`) }))}
              onChange={(v?: string) => list.setFilters({ flowUrgent: v ?? '' })}
            />
            {kind === 'launch' && (
              <Select
                allowClear
                aria-label={t('flowTask.status')}
                placeholder={t('flowTask.allStatus')}
                style={{ width: 120 }}
                value={list.query.status || undefined}
                options={STATUS_CODES.map((c) => ({ value: String(c), label: t(`flowTask.statusText.${c}`) }))}
                onChange={(v?: string) => list.setFilters({ status: v ?? '' })}
              />
            )}
          </>
        }
        scroll={{ x: 1300 }}
        columns={columns}
      />
      {kind === 'launch' && <LaunchDialog open={launching} onClose={() => setLaunching(false)} onChosen={(setting) => (setLaunching(false), setOpen(setting))} />}
      <FlowBoxDrawer setting={open} onClose={() => setOpen(null)} onDone={list.refresh} />
    </div>
  );
}
