/**
 * The built-in home dashboard (issue 31; ROUTE-002): what a user sees after sign-in when no
 * default portal is set — never an empty page. A greeting with the user's name and today's
 * date on the installation's clock, three figures (to-do, unread messages, today's schedule),
 * the latest notices and unread messages from the message area, today's schedule from the
 * schedule area, and the user's menus as shortcuts. Each card loads on its own and shows its
 * own loading and empty state; a card whose call fails says so instead of showing nothing.
 *
 * The to-do figure is 0 with a note until the workflow exists: it is stated, not hidden.
 */
import { useEffect, useState } from 'react';
import { Avatar, Card, Col, Descriptions, Empty, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import { BellOutlined, CalendarOutlined, CheckSquareOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getMessageList, type MessageRow } from '@/api/message';
import { getSchedules, type ScheduleEvent } from '@/api/schedule';
import { menuIcon } from '@/app/layout/MenuIcon';
import { useOpenMenuItem } from '@/app/layout/menuItems';
import { useOpenMessage } from '@/app/messages/useOpenMessage';
import { menuLeaves } from '@/app/menu';
import { routeTitle } from '@/i18n';
import { useSocket } from '@/stores/socket';
import { useUser } from '@/stores/user';
import { inZone, now, today } from '@/utils/clock';
import { DATE_FORMAT } from '@/utils/format';
import './home.css';

/** How many notices and unread messages each card lists. */
export const CARD_ROWS = 5;
/** Message type of a notice (MessageRow.type: 1 system, 2 workflow, 3 notice, 4 schedule). */
const NOTICE_TYPE = '3';
/** The schedule page's menu address: the schedule figure opens it when the user has it. */
const SCHEDULE_ADDRESS = 'extend/schedule';

export function greetingKey(hour: number): string {
  if (hour < 11) return 'home.morning';
  if (hour < 13) return 'home.noon';
  if (hour < 18) return 'home.afternoon';
  return 'home.evening';
}

/** A card's data: undefined while loading, null when the call failed. */
type Loaded<T> = T | undefined | null;

function useMessages(filter: { type: string; isRead: string }, reload: unknown): Loaded<{ rows: MessageRow[]; total: number }> {
  const [data, setData] = useState<Loaded<{ rows: MessageRow[]; total: number }>>(undefined);
  const { type, isRead } = filter;
  useEffect(() => {
    let live = true;
    getMessageList({ currentPage: 1, pageSize: CARD_ROWS, sort: 'desc', keyword: '', type, isRead }).then(
      ({ data: page }) => live && setData({ rows: page.list, total: page.pagination.total }),
      () => live && setData(null),
    );
    return () => {
      live = false;
    };
  }, [type, isRead, reload]);
  return data;
}

function useTodaySchedule(): Loaded<ScheduleEvent[]> {
  const [data, setData] = useState<Loaded<ScheduleEvent[]>>(undefined);
  useEffect(() => {
    let live = true;
    const day = today().format('YYYY-MM-DD');
    getSchedules({ startTime: `${day} 00:00`, endTime: `${day} 23:59` }).then(
      ({ data: answer }) => live && setData([...answer.list].sort((a, b) => b.allDay - a.allDay || a.startDay - b.startDay)),
      () => live && setData(null),
    );
    return () => {
      live = false;
    };
  }, []);
  return data;
}

/** Loading, failure and empty states of a card's body, else `children`. */
function CardBody<T>({ data, empty, children }: { data: Loaded<T[]>; empty: string; children: (rows: T[]) => React.ReactNode }) {
  const { t } = useTranslation();
  if (data === undefined) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  if (data === null) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.loadFailed')} />;
  if (!data.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return <>{children(data)}</>;
}

function eventTime(e: ScheduleEvent, allDay: string): string {
  if (e.allDay === 1) return allDay;
  const start = inZone(e.startDay);
  const end = inZone(e.endDay);
  const sameDay = start.format('YYYY-MM-DD') === end.format('YYYY-MM-DD');
  return `${start.format('HH:mm')} - ${end.format(sameDay ? 'HH:mm' : 'MM-DD HH:mm')}`;
}

export default function Dashboard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser((s) => s.userInfo);
  const config = useUser((s) => s.sysConfig);
  const menus = useUser((s) => s.menus);
  const pushes = useSocket((s) => s.pushes);
  const unreadLive = useSocket((s) => s.messageUnread);
  const openMenu = useOpenMenuItem();
  const { open: openMessage, view } = useOpenMessage();
  const [reads, setReads] = useState(0);
  const notices = useMessages({ type: NOTICE_TYPE, isRead: '' }, `${pushes}/${reads}`);
  const unread = useMessages({ type: '', isRead: '0' }, `${pushes}/${reads}/${unreadLive}`);
  const schedule = useTodaySchedule();
  const leaves = menuLeaves(menus).filter((m) => m.name !== 'home');
  const clock = now();
  const scheduleMenu = leaves.find((m) => m.action.kind === 'route' && m.action.to.replace(/^\//, '') === SCHEDULE_ADDRESS);

  const open = (row: MessageRow) => void openMessage(row).then((read) => read && setReads((n) => n + 1));
  const figure = (value: Loaded<number>) => (value === undefined ? '…' : value === null ? '-' : value);

  const messageList = (rows: MessageRow[]) => (
    <ul className="qm-home-list">
      {rows.map((row) => (
        <li key={row.id} className="qm-home-row" role="button" tabIndex={0} onClick={() => open(row)} onKeyDown={(e) => e.key === 'Enter' && open(row)}>
          <Typography.Text ellipsis className={row.isRead === '1' ? 'qm-home-title' : 'qm-home-title qm-home-unread'}>
            {row.title}
          </Typography.Text>
          <span className="qm-home-time">{inZone(row.releaseTime).format('MM-DD HH:mm')}</span>
        </li>
      ))}
    </ul>
  );

  return (
    <div className="qm-home" data-testid="home-dashboard">
      <Card className="qm-home-welcome">
        <div className="qm-home-hello">
          <Avatar size={64} src={user?.headIcon || undefined} icon={<UserOutlined />} />
          <div>
            <h2>{t('home.greeting', { greeting: t(greetingKey(clock.hour())), name: user?.userName ?? '' })}</h2>
            <p data-testid="home-today">{t('home.today', { date: clock.format('YYYY-MM-DD'), weekday: t(`home.weekdays.${clock.day()}`) })}</p>
            <p>{t('home.welcome', { title: config?.title ?? t('common.appName') })}</p>
          </div>
        </div>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
          <Descriptions.Item label={t('home.account')}>{user?.userAccount}</Descriptions.Item>
          <Descriptions.Item label={t('home.organize')}>{user?.organizeName || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('home.loginTime')}>{user?.loginTime ? inZone(user.loginTime).format(DATE_FORMAT) : '-'}</Descriptions.Item>
          <Descriptions.Item label={t('home.version')}>{(config?.sysVersion as string) ?? '-'}</Descriptions.Item>
        </Descriptions>
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card className="qm-home-figure" data-testid="home-todo">
            <Statistic title={t('home.todo')} value={0} prefix={<CheckSquareOutlined />} />
            <Typography.Text type="secondary">{t('home.todoPending')}</Typography.Text>
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card className="qm-home-figure" data-testid="home-unread" hoverable onClick={() => navigate('/messageRecord')}>
            <Statistic title={t('home.unread')} value={figure(unread === undefined ? undefined : unread === null ? null : unread.total)} prefix={<BellOutlined />} />
            <Typography.Text type="secondary">{t('home.unreadHint')}</Typography.Text>
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card className="qm-home-figure" data-testid="home-schedule-count" hoverable={!!scheduleMenu} onClick={() => openMenu(scheduleMenu)}>
            <Statistic title={t('home.scheduleToday')} value={figure(schedule === undefined ? undefined : schedule === null ? null : schedule.length)} prefix={<CalendarOutlined />} />
            <Typography.Text type="secondary">{t('home.scheduleHint')}</Typography.Text>
          </Card>
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card title={t('home.notices')} className="qm-home-card" data-testid="home-notices">
            <CardBody data={notices === undefined ? undefined : notices === null ? null : notices.rows} empty={t('home.noticesEmpty')}>
              {messageList}
            </CardBody>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('home.unreadMessages')} className="qm-home-card" data-testid="home-messages">
            <CardBody data={unread === undefined ? undefined : unread === null ? null : unread.rows} empty={t('home.unreadEmpty')}>
              {messageList}
            </CardBody>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('home.schedule')} className="qm-home-card" data-testid="home-schedule">
            <CardBody data={schedule} empty={t('home.scheduleEmpty')}>
              {(rows: ScheduleEvent[]) => (
                <ul className="qm-home-list">
                  {rows.map((e) => (
                    <li key={e.id} className="qm-home-row">
                      <Typography.Text ellipsis className="qm-home-title">
                        {e.urgent === '3' && <Tag color="red">{t('home.urgent')}</Tag>}
                        {e.title}
                      </Typography.Text>
                      <span className="qm-home-time">{eventTime(e, t('home.allDay'))}</span>
                    </li>
                  ))}
                </ul>
              )}
            </CardBody>
          </Card>
        </Col>
      </Row>

      <Card title={t('home.menus')} className="qm-home-menus" data-testid="home-menus">
        {leaves.length ? (
          <Row gutter={[16, 16]}>
            {leaves.map((m) => (
              <Col key={m.key} xs={12} sm={8} md={6} xl={4}>
                <button type="button" className="qm-home-shortcut" onClick={() => openMenu(m)}>
                  <span className="qm-home-shortcut-icon">{menuIcon(m.icon, false)}</span>
                  <span>{routeTitle(m.name, m.title)}</span>
                </button>
              </Col>
            ))}
          </Row>
        ) : (
          <Empty description={t('home.menusEmpty')} />
        )}
      </Card>
      {view}
    </div>
  );
}
