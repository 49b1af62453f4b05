/**
 * 站内消息, the message drawer (spec 01 §2.5; MSG-002..009, MSG-012..017): 280px, opened from
 * the bell, whose badge is the session's unread count (stores/socket.ts). A keyword search
 * (Enter), the source type (全部 plus the msgSourceType dictionary), an 'unread only' switch
 * (on by default), a list that loads the next 20 within 200px of its bottom until a page is
 * short, 全部已读 with confirmation, and 查看更多 to the message records page. Opening a
 * message reads it (the badge goes down by one) and shows or routes it (openMessage.ts).
 */
import { useCallback, useEffect, useState } from 'react';
import { App, Badge, Button, Drawer, Empty, Input, Select, Spin, Switch, Tooltip } from 'antd';
import { BellOutlined, CalendarOutlined, NotificationOutlined, PartitionOutlined, SettingOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getMessageList, readAllMessages } from '@/api/message';
import { useDictionary } from '@/hooks/useDictionary';
import { useMorePages } from '@/hooks/useMorePages';
import { messagesAllRead, useSocket } from '@/stores/socket';
import { SHELL_DRAWER_WIDTH } from '../layout/SettingsDrawer';
import { useOpenMessage } from './useOpenMessage';
import './messages.css';

/** MSG-006: 20 a page, the next asked for within 200px of the bottom. */
export const DRAWER_PAGE_SIZE = 20;
export const LOAD_WITHIN_PX = 200;

const ICONS: Record<number, React.ReactNode> = {
  1: <SettingOutlined />,
  2: <PartitionOutlined />,
  3: <NotificationOutlined />,
  4: <CalendarOutlined />,
};

type Filter = { keyword: string; type: string; isRead: string };
const fetchMessages = (currentPage: number, pageSize: number, filter: Filter) => getMessageList({ currentPage, pageSize, sort: 'desc', ...filter });

export function MessageDrawer() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const unread = useSocket((s) => s.messageUnread);
  const pushes = useSocket((s) => s.pushes);
  const types = useDictionary('msgSourceType');
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [filter, setFilter] = useState({ keyword: '', type: '', isRead: '0' });
  const { rows, setRows, loading, more, load: loadPage, onScroll } = useMorePages(fetchMessages, DRAWER_PAGE_SIZE, LOAD_WITHIN_PX);
  const { open: openMessage, view } = useOpenMessage(() => setOpen(false));
  const load = useCallback((currentPage: number) => loadPage(currentPage, filter), [loadPage, filter]);

  // The first page when opened, when the filter changes, and when a message arrives.
  useEffect(() => {
    if (open) load(1);
  }, [open, load, pushes]);

  const readAll = () =>
    modal.warning({
      title: t('common.tip'),
      content: t('msg.readAllConfirm'),
      okCancel: true,
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () =>
        readAllMessages(filter).then(() => {
          // MSG-008: every matching message is read; the counter goes to 0.
          messagesAllRead();
          setRows((prev) => prev.map((r) => ({ ...r, isRead: '1' })));
          load(1);
        }, () => undefined),
    });

  const title = t('navbar.messages');
  return (
    <>
      <Tooltip title={title}>
        <span className="qm-msg-badge" data-unread={unread}>
          <Badge count={unread} size="small" offset={[-6, 6]} overflowCount={99}>
            <Button type="text" aria-label={title} icon={<BellOutlined />} onClick={() => setOpen(true)} />
          </Badge>
        </span>
      </Tooltip>
      <Drawer
        title={title}
        size={SHELL_DRAWER_WIDTH}
        open={open}
        onClose={() => setOpen(false)}
        rootClassName="qm-messages-drawer qm-msg-drawer"
        footer={
          <div className="qm-msg-drawer-footer">
            <Button type="link" onClick={readAll}>
              {t('msg.readAll')}
            </Button>
            <Button
              type="link"
              onClick={() => {
                setOpen(false);
                navigate('/messageRecord');
              }}
            >
              {t('navbar.moreMessages')}
            </Button>
          </div>
        }
      >
        <div className="qm-msg-drawer-tools">
          <Input.Search
            allowClear
            size="small"
            aria-label={t('msg.keyword')}
            placeholder={t('msg.keyword')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onSearch={(v) => setFilter((f) => ({ ...f, keyword: v.trim() }))}
          />
          <div className="qm-msg-drawer-row">
            <Select
              size="small"
              style={{ width: 120 }}
              aria-label={t('msg.type')}
              value={filter.type}
              options={[{ value: '', label: t('msg.allTypes') }, ...types.map((d) => ({ value: d.enCode, label: d.fullName }))]}
              onChange={(type: string) => setFilter((f) => ({ ...f, type }))}
            />
            <span>
              {t('msg.unreadOnly')}{' '}
              <Switch
                size="small"
                aria-label={t('msg.unreadOnly')}
                checked={filter.isRead === '0'}
                onChange={(on) => setFilter((f) => ({ ...f, isRead: on ? '0' : '' }))}
              />
            </span>
          </div>
        </div>
        <div className="qm-msg-list" onScroll={onScroll(filter)} data-testid="message-list">
          {rows.map((row) => (
            <div
              key={row.id}
              role="button"
              tabIndex={0}
              className={`qm-msg-item ${row.isRead === '1' ? '' : 'unread'}`}
              onClick={() => {
                void openMessage(row).then((read) => read && setRows((prev) => prev.map((r) => (r.id === row.id ? { ...r, isRead: '1' } : r))));
              }}
              onKeyDown={(e) => e.key === 'Enter' && void openMessage(row)}
            >
              <span className="qm-msg-item-icon">{ICONS[row.type] ?? <BellOutlined />}</span>
              <div className="qm-msg-item-main">
                <div className="qm-msg-item-title">
                  {row.isRead === '1' ? null : <Badge status="error" />} {row.title}
                </div>
                <div className="qm-msg-item-meta">
                  <span>{row.releaseUser}</span>
                  <span>{dayjs(row.releaseTime).format('MM-DD HH:mm')}</span>
                </div>
              </div>
            </div>
          ))}
          {loading && (
            <div className="qm-msg-list-end">
              <Spin size="small" />
            </div>
          )}
          {!loading && rows.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('msg.empty')} />}
          {!loading && rows.length > 0 && !more && <div className="qm-msg-list-end">{t('msg.noMore')}</div>}
        </div>
      </Drawer>
      {view}
    </>
  );
}
