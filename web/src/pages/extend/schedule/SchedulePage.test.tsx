// 日程安排 against a fake Schedule API that answers as the server does, with the real rules core
// (WASM): the visible range asked for, the viewer (SCHED-003, SCHED-004, SCHED-012), its delete
// of a single schedule after a warning with scope 3 (SCHED-006, SCHED-011) and of a repeating
// one in the 380px scope dialog that insists on a choice (SCHED-007..009), a failed delete that
// only stops the spinner (SCHED-010), and the form the core refuses before any request.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { inZone, today as zoneToday } from '@/utils/clock';
import * as api from '@/api/schedule';
import { initI18n } from '@/i18n';
import { answerDictionaries } from '@/test/pageKit';
import { useUser } from '@/stores/user';
import { buttonNamed, confirmation, formDialog, grant, renderPage } from '@/test/renderPage';
import SchedulePage from './SchedulePage';
import { ScheduleViewer } from './ScheduleViewer';

jest.mock('@/api/schedule');
jest.mock('@/api/dictionary');
const m = api as jest.Mocked<typeof api>;

const PATH = '/extend/schedule';
// Days and times on the installation's clock (issue 25), whatever the zone the test runs in.
const today = zoneToday();
const nine = today.add(9, 'hour').valueOf();
const EVENTS: api.ScheduleEvent[] = [
  { id: 's1', groupId: 's1', title: '科室晨会', startDay: nine, endDay: nine + 3_600_000, color: '', allDay: 0, creatorUserId: 'me', urgent: '1', repetition: '1' },
  { id: 's2', groupId: 'g2', title: '查房', startDay: nine + 7_200_000, endDay: nine + 9_000_000, color: '', allDay: 0, creatorUserId: 'other', urgent: '3', repetition: '2' },
];
const detail = (id: string): api.ScheduleDetail => ({
  id,
  groupId: id === 's2' ? 'g2' : id,
  type: '会议',
  urgent: id === 's2' ? '紧急' : '普通',
  title: id === 's2' ? '查房' : '科室晨会',
  content: '八楼会议室',
  creatorUserId: '管理员/admin',
  toUserIds: '张三/zhangsan,李四/lisi',
  startDay: nine,
  endDay: nine + 3_600_000,
  allDay: 0,
  repetition: id === 's2' ? '2' : '1',
});
const ok = (msg = '') => ({ code: 200, msg, data: null });

jest.setTimeout(60_000);
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  jest.resetAllMocks();
  answerDictionaries({ id: 'dt-schedule', enCode: 'scheduleType', fullName: '日程类型', isTree: 0, dictionaryList: [{ id: 't1', enCode: 'meeting', fullName: '会议', enabledMark: 1 }] });
  m.getSchedules.mockResolvedValue({ code: 200, msg: '', data: { list: EVENTS } });
  m.getScheduleDetail.mockImplementation(async (id) => ({ code: 200, msg: '', data: detail(id) }));
});

async function settle() {
  for (let i = 0; i < 5; i++) await act(() => new Promise((r) => setTimeout(r, 20)));
}

async function open() {
  grant(PATH, []);
  useUser.setState({ userInfo: { userId: 'me', isAdministrator: true } as never });
  renderPage(SchedulePage, PATH);
  await screen.findByText('科室晨会');
  await settle();
}

const viewer = () => formDialog('qm-schedule-viewer');

async function openEvent(title: string) {
  fireEvent.click(screen.getByText(title, { selector: '.qm-month-events .qm-event-title' }));
  await settle();
  await within(viewer()).findByText('八楼会议室');
}

test('the month asks for its visible range; week and day ask for theirs', async () => {
  await open();
  expect(m.getSchedules).toHaveBeenLastCalledWith({
    startTime: today.startOf('month').subtract(7, 'day').format('YYYY-MM-DD HH:mm'),
    endTime: today.endOf('month').add(14, 'day').format('YYYY-MM-DD 23:59'),
  });
  fireEvent.click(screen.getByText('日'));
  await waitFor(() =>
    expect(m.getSchedules).toHaveBeenLastCalledWith({ startTime: today.format('YYYY-MM-DD 00:00'), endTime: today.format('YYYY-MM-DD 23:59') }),
  );
  // The day's hour grid shows the occurrences as blocks.
  expect(document.querySelectorAll('.qm-event-block')).toHaveLength(2);
  fireEvent.click(buttonNamed('下一页'));
  await waitFor(() => expect(m.getSchedules).toHaveBeenLastCalledWith(expect.objectContaining({ startTime: today.add(1, 'day').format('YYYY-MM-DD 00:00') })));
});

test('SCHED-003, SCHED-004, SCHED-012: the 600px viewer loads the occurrence with groupId 0 and shows it', async () => {
  await open();
  await openEvent('科室晨会');
  expect(m.getScheduleDetail).toHaveBeenCalledWith('s1', '0');
  expect(viewer().style.width).toBe('600px');
  expect(within(viewer()).getByText('查看日程')).toBeTruthy();
  for (const text of ['会议', '普通', '科室晨会', '管理员/admin', '张三/zhangsan,李四/lisi']) expect(within(viewer()).getAllByText(text).length).toBeGreaterThan(0);
  const start = inZone(nine).format('YYYY-MM-DD HH:mm');
  const end = inZone(nine + 3_600_000).format('YYYY-MM-DD HH:mm');
  expect(within(viewer()).getByText(start)).toBeTruthy();
  expect(within(viewer()).getByText(end)).toBeTruthy();
  // The caller's own schedule can be edited from here; the calendar opens with type 1: 删除 (SCHED-005).
  expect(buttonNamed('编辑', viewer())).toBeTruthy();
  expect(buttonNamed('删除', viewer())).toBeTruthy();
});

test('SCHED-006, SCHED-011: a schedule that does not repeat is deleted after the warning, with scope 3; the msg is the toast', async () => {
  m.deleteSchedule.mockResolvedValue(ok('删除成功'));
  await open();
  await openEvent('科室晨会');
  fireEvent.click(buttonNamed('删除', viewer()));
  await settle();
  expect(confirmation().textContent).toContain('此操作将删除该日程, 是否继续?');
  expect(m.deleteSchedule).not.toHaveBeenCalled();
  const calls = m.getSchedules.mock.calls.length;
  fireEvent.click(buttonNamed('确定', confirmation()));
  await settle();
  expect(m.deleteSchedule).toHaveBeenCalledWith('s1', 3);
  await screen.findByText('删除成功');
  expect(m.getSchedules.mock.calls.length).toBe(calls + 1);
});

test('SCHED-007..009: a repeating schedule asks its scope in the 380px 删除确认 dialog, which insists on a choice', async () => {
  m.deleteSchedule.mockResolvedValue(ok('删除成功'));
  await open();
  await openEvent('查房');
  // Another's schedule: no 编辑, but 删除 (opening type 1).
  expect(() => buttonNamed('编辑', viewer())).toThrow('0 buttons');
  fireEvent.click(buttonNamed('删除', viewer()));
  await settle();
  const scope = formDialog('qm-schedule-scope');
  expect(scope.style.width).toBe('380px');
  expect(within(scope).getByText('删除确认')).toBeTruthy();
  expect(within(scope).getByText('此日程为重复日程，删除将应用于所选范围：')).toBeTruthy();
  for (const text of ['此日程', '此日程及后续日程', '所有日程']) expect(within(scope).getByText(text)).toBeTruthy();
  fireEvent.click(buttonNamed('确定', scope));
  await screen.findByText('请选择日程');
  expect(m.deleteSchedule).not.toHaveBeenCalled();
  fireEvent.click(within(scope).getByText('此日程及后续日程'));
  fireEvent.click(buttonNamed('确定', scope));
  await settle();
  expect(m.deleteSchedule).toHaveBeenCalledWith('s2', 2);
  await screen.findByText('删除成功');
});

test('SCHED-010: a failed delete stops the spinner and adds no message of its own', async () => {
  m.deleteSchedule.mockRejectedValue({ code: 404, msg: '日程不存在', data: null });
  await open();
  await openEvent('查房');
  fireEvent.click(buttonNamed('删除', viewer()));
  await settle();
  const scope = formDialog('qm-schedule-scope');
  fireEvent.click(within(scope).getByText('所有日程'));
  fireEvent.click(buttonNamed('确定', scope));
  await settle();
  expect(m.deleteSchedule).toHaveBeenCalledWith('s2', 3);
  expect(scope.querySelector('.ant-btn-loading')).toBeNull();
  expect(document.querySelector('.ant-message')?.textContent ?? '').toBe('');
});

test('SCHED-001: the core refuses an empty form and an end before the start before any request', async () => {
  await open();
  fireEvent.click(buttonNamed('新建日程'));
  await screen.findByText('新建日程', { selector: '.ant-modal-title' });
  await settle();
  const form = formDialog('qm-schedule-form');
  expect(form.style.width).toBe('600px');
  fireEvent.click(buttonNamed('确定', form));
  await settle();
  expect(within(form).getByText('请选择类型')).toBeTruthy();
  expect(within(form).getByText('请输入标题')).toBeTruthy();
  // A repeating schedule needs its repeat end, a later day.
  fireEvent.mouseDown(within(form).getByLabelText('重复'));
  await settle();
  fireEvent.click([...document.querySelectorAll('.ant-select-item-option-content')].find((o) => o.textContent === '每天')!);
  await settle();
  const repeatEnd = within(form).getByLabelText('结束重复');
  fireEvent.mouseDown(repeatEnd);
  fireEvent.change(repeatEnd, { target: { value: today.format('YYYY-MM-DD') } });
  fireEvent.keyDown(repeatEnd, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await settle();
  await within(form).findByText('结束重复必须晚于开始时间');
  expect(m.createSchedule).not.toHaveBeenCalled();
});

test('changing an occurrence of a repeating schedule asks its scope in 编辑确认; cancelling sends nothing', async () => {
  const info: api.ScheduleInfo = {
    id: 's3', groupId: 'g3', type: 't1', urgent: '1', title: '夜班交接', content: '', allDay: 0,
    startDay: nine, startTime: inZone(nine).format('HH:mm'), endDay: nine + 3_600_000, endTime: inZone(nine + 3_600_000).format('HH:mm'),
    duration: 60, creatorUserId: 'me', userName: '管理员/admin', toUserIds: [], color: '', reminderTime: -2, reminderType: '1',
    send: '', sendName: '', repetition: '2', repeatTime: today.add(4, 'day').valueOf(),
  };
  m.getSchedules.mockResolvedValue({ code: 200, msg: '', data: { list: [{ ...EVENTS[0], id: 's3', groupId: 'g3', title: '夜班交接', repetition: '2' }] } });
  m.getScheduleDetail.mockResolvedValue({ code: 200, msg: '', data: { ...detail('s3'), title: '夜班交接', repetition: '2' } });
  m.getSchedule.mockResolvedValue({ code: 200, msg: '', data: info });
  m.updateSchedule.mockResolvedValue(ok('修改成功'));
  grant(PATH, []);
  useUser.setState({ userInfo: { userId: 'me', isAdministrator: true } as never });
  renderPage(SchedulePage, PATH);
  await screen.findByText('夜班交接');
  await settle();
  fireEvent.click(screen.getByText('夜班交接', { selector: '.qm-month-events .qm-event-title' }));
  await settle();
  fireEvent.click(buttonNamed('编辑', viewer()));
  await screen.findByText('编辑日程', { selector: '.ant-modal-title' });
  await settle();
  const form = formDialog('qm-schedule-form');
  await waitFor(() => expect((within(form).getByLabelText('标题') as HTMLInputElement).value).toBe('夜班交接'));
  fireEvent.change(within(form).getByLabelText('标题'), { target: { value: '夜班交接班' } });
  fireEvent.click(buttonNamed('确定', form));
  await settle();
  let scope = formDialog('qm-schedule-scope');
  expect(within(scope).getByText('编辑确认')).toBeTruthy();
  expect(within(scope).getByText('此日程为重复日程，修改将应用于所选范围：')).toBeTruthy();
  fireEvent.click(buttonNamed('取消', scope));
  await settle();
  expect(m.updateSchedule).not.toHaveBeenCalled();
  expect((within(form).getByLabelText('标题') as HTMLInputElement).value).toBe('夜班交接班');
  fireEvent.click(buttonNamed('确定', form));
  await settle();
  scope = [...document.querySelectorAll<HTMLElement>('.qm-schedule-scope')].pop()!;
  fireEvent.click(within(scope).getByText('此日程'));
  fireEvent.click(buttonNamed('确定', scope));
  await waitFor(() => expect(m.updateSchedule).toHaveBeenCalled());
  const [id, chosen, body] = m.updateSchedule.mock.calls[0];
  expect([id, chosen]).toEqual(['s3', 1]);
  expect(body).toMatchObject({ title: '夜班交接班', type: 't1', repetition: '2', startTime: inZone(nine).format('HH:mm'), duration: 60 });
  await screen.findByText('修改成功');
});

test('a click on an empty day proposes a new schedule that day at 09:00; an hour of the day grid proposes that hour', async () => {
  await open();
  const day = today.date() === 15 ? today.add(1, 'day') : today.date(15);
  fireEvent.click(document.querySelector(`td[title="${day.format('YYYY-MM-DD')}"] .ant-picker-cell-inner`) as HTMLElement);
  await screen.findByText('新建日程', { selector: '.ant-modal-title' });
  await settle();
  let form = formDialog('qm-schedule-form');
  expect((within(form).getByLabelText('开始日期') as HTMLInputElement).value).toBe(day.format('YYYY-MM-DD'));
  expect((within(form).getByLabelText('开始时间') as HTMLInputElement).value).toBe('09:00');
  fireEvent.click(buttonNamed('取消', form));
  await settle();
  fireEvent.click(screen.getByText('日'));
  await settle();
  const slots = document.querySelectorAll<HTMLElement>('.qm-time-grid-slot');
  fireEvent.click(slots[14]);
  await settle();
  form = [...document.querySelectorAll<HTMLElement>('.qm-schedule-form')].pop()!;
  await waitFor(() => expect((within(form).getByLabelText('开始时间') as HTMLInputElement).value).toBe('14:00'));
});

test('SCHED-005: opened with another type than 1 (a message), the viewer offers no 删除', async () => {
  grant(PATH, []);
  renderPage(() => <ScheduleViewer target={{ id: 's2', groupId: 'g2', openType: 0 }} onClose={() => undefined} onDeleted={() => undefined} />, PATH);
  await within(formDialog('qm-schedule-viewer')).findByText('八楼会议室');
  expect(m.getScheduleDetail).toHaveBeenCalledWith('s2', 'g2');
  expect(() => buttonNamed('删除', viewer())).toThrow('0 buttons');
  expect(() => buttonNamed('编辑', viewer())).toThrow('0 buttons');
});
