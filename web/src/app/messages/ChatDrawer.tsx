/**
 * 即时聊天, the chat drawer (spec 01 §2.6, §4 "Chat"; CHAT-002..008, CHAT-015): 280px, tabs
 * 消息 (recent conversations, imreply) and 通讯录 (contacts, searchable, 20 a page loading more
 * within 300px of the bottom). Right-clicking a conversation offers 移除会话 and 删除聊天记录,
 * each after confirmation. The navbar icon blinks while any chat is unread (the socket's
 * counts). A conversation or contact opens the chat window.
 */
import { useCallback, useEffect, useState } from 'react';
import { App, Badge, Button, Drawer, Dropdown, Empty, Input, Spin, Tabs, Tooltip } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { deleteChatRecords, getContacts, getConversations, removeConversation, type Conversation } from '@/api/message';
import { useMorePages } from '@/hooks/useMorePages';
import { chatBlinking, useSocket } from '@/stores/socket';
import { SHELL_DRAWER_WIDTH } from '../layout/SettingsDrawer';
import { summary } from './chatContent';
import { ChatText, ChatWindow, PeerAvatar, type ChatPeer } from './ChatWindow';
import './messages.css';

export const CONTACTS_PAGE = 20;
export const CONTACTS_WITHIN_PX = 300;

const fetchContacts = (currentPage: number, pageSize: number, keyword: string) => getContacts({ currentPage, pageSize, keyword });

export function ChatDrawer() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const blinking = useSocket(chatBlinking);
  const chatUnread = useSocket((s) => s.chatUnread);
  const online = useSocket((s) => s.onlineUsers);
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState('recent');
  const [recent, setRecent] = useState<Conversation[]>([]);
  const [recentLoading, setRecentLoading] = useState(false);
  const { rows: contacts, loading: contactsLoading, load: loadContacts, onScroll: onContactsScroll } = useMorePages(fetchContacts, CONTACTS_PAGE, CONTACTS_WITHIN_PX);
  const [keyword, setKeyword] = useState('');
  const [peer, setPeer] = useState<ChatPeer | null>(null);

  const loadRecent = useCallback(() => {
    setRecentLoading(true);
    getConversations().then(
      ({ data }) => {
        setRecent(data?.list ?? []);
        setRecentLoading(false);
      },
      () => setRecentLoading(false),
    );
  }, []);

  useEffect(() => {
    if (open) loadRecent();
  }, [open, loadRecent]);

  // A message from someone not yet in the list (or its newest line) shows on the next load.
  const unreadKeys = Object.keys(chatUnread).join(',');
  useEffect(() => {
    if (open && tab === 'recent') loadRecent();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the unread senders change
  }, [unreadKeys]);

  useEffect(() => {
    if (open && tab === 'contacts' && contacts.length === 0) loadContacts(1, '');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- first visit of the tab
  }, [open, tab]);

  const confirmThen = (content: string, call: () => Promise<unknown>) =>
    modal.warning({
      title: t('common.tip'),
      content,
      okCancel: true,
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () =>
        call().then(() => {
          void message.success(t('manage.done'), 1.5);
          loadRecent();
        }, () => undefined),
    });

  const onRecentMenu = (c: Conversation, key: string) => {
    if (key === 'remove') {
      // CHAT-006: out of the recent list (the history stays).
      confirmThen(t('msg.removeConversationConfirm', { name: c.realName }), () =>
        removeConversation(c.id).then(() => setRecent((prev) => prev.filter((r) => r.id !== c.id))),
      );
    } else {
      // CHAT-005, CHAT-007: clears the records, the unread count and the latest message.
      confirmThen(t('msg.deleteRecordsConfirm', { name: c.realName }), () =>
        deleteChatRecords(c.id).then(() => {
          const unread = { ...useSocket.getState().chatUnread };
          delete unread[c.id];
          useSocket.setState({ chatUnread: unread });
        }),
      );
    }
  };

  const openChat = (p: ChatPeer) => {
    // The window takes over from the drawer (the drawer's focus lock would otherwise keep the
    // keyboard from the window's input).
    setOpen(false);
    setPeer(p);
    setRecent((prev) => prev.map((r) => (r.id === p.id ? { ...r, unreadMessage: 0 } : r)));
  };

  const title = t('navbar.chat');
  const recentList = (
    <div className="qm-chat-list" data-testid="chat-recent">
      {recent.map((c) => {
        const live = chatUnread[c.id];
        const unread = live ? Math.max(live.count, c.unreadMessage) : c.unreadMessage;
        const last = live ? summary(live.lastType, live.lastMessage, t('msg.image'), t('msg.voice')) : summary(c.messageType, c.latestMessage, t('msg.image'), t('msg.voice'));
        const time = live?.lastTime || c.latestDate;
        return (
          <Dropdown
            key={c.id}
            trigger={['contextMenu']}
            menu={{
              items: [
                { key: 'remove', label: t('msg.removeConversation') },
                { key: 'records', label: t('msg.deleteRecords'), danger: true },
              ],
              onClick: ({ key }) => onRecentMenu(c, key),
            }}
          >
            <div className="qm-chat-person" role="button" tabIndex={0} data-user={c.account} onClick={() => openChat(c)} onKeyDown={(e) => e.key === 'Enter' && openChat(c)}>
              <Badge count={unread} size="small">
                <PeerAvatar peer={c} />
              </Badge>
              <div className="qm-chat-person-main">
                <div className="qm-chat-person-name">
                  <span>
                    {c.realName}/{c.account}
                  </span>
                  <small>{time ? dayjs(time).format('MM-DD HH:mm') : ''}</small>
                </div>
                <div className="qm-chat-person-last">{c.messageType === 'text' || live?.lastType === 'text' ? <ChatText text={last} /> : last}</div>
              </div>
            </div>
          </Dropdown>
        );
      })}
      {recentLoading && recent.length === 0 && <Spin style={{ display: 'block', margin: 24 }} />}
      {!recentLoading && recent.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('msg.noConversations')} />}
    </div>
  );

  const contactsList = (
    <div className="qm-chat-list" style={{ display: 'flex', flexDirection: 'column' }}>
      <div className="qm-chat-search">
        <Input.Search
          allowClear
          size="small"
          aria-label={t('msg.searchContacts')}
          placeholder={t('msg.searchContacts')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => loadContacts(1, v.trim())}
        />
      </div>
      <div style={{ flex: 1, overflowY: 'auto' }} onScroll={onContactsScroll(keyword)} data-testid="chat-contacts">
        {contacts.map((c) => (
          <div className="qm-chat-person" key={c.id} role="button" tabIndex={0} data-user={c.account} onClick={() => openChat(c)} onKeyDown={(e) => e.key === 'Enter' && openChat(c)}>
            <Badge dot={online.includes(c.id)} color="green">
              <PeerAvatar peer={c} />
            </Badge>
            <div className="qm-chat-person-main">
              <div className="qm-chat-person-name">
                <span>
                  {c.realName}/{c.account}
                </span>
              </div>
              <div className="qm-chat-person-last">{c.department}</div>
            </div>
          </div>
        ))}
        {contactsLoading && <Spin size="small" style={{ display: 'block', margin: 12 }} />}
        {!contactsLoading && contacts.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      </div>
    </div>
  );

  return (
    <>
      <Tooltip title={title}>
        <span className={blinking ? 'qm-chat-blink' : undefined} data-blinking={blinking ? '1' : '0'}>
          <Button type="text" aria-label={title} icon={<MessageOutlined />} onClick={() => setOpen(true)} />
        </span>
      </Tooltip>
      <Drawer title={title} size={SHELL_DRAWER_WIDTH} open={open} onClose={() => setOpen(false)} rootClassName="qm-chat-drawer">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'recent', label: t('msg.conversations'), children: recentList },
            { key: 'contacts', label: t('msg.contacts'), children: contactsList },
          ]}
        />
      </Drawer>
      <ChatWindow
        peer={peer}
        onClose={() => setPeer(null)}
      />
    </>
  );
}
