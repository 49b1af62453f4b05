/**
 * The chat window with one user (spec 01 §2.6, §4 "Chat"; CHAT-009..021): opening it reads
 * the conversation (UpdateReadMessage) and loads the latest 30 messages newest first
 * (MessageList), older pages on 加载更多; live messages of this chat are appended (and read at
 * once by the socket client). Text is trimmed and a blank one not sent (core chatText); emoji
 * go in as bracketed labels; an image — one at a time, images only, under 5 MB (core
 * checkChatImage) — is uploaded to the IM folder and sent as `{name, width, height}`. The
 * history panel searches by keyword (Enter) and pages 50 at a time, loading more within
 * 100px of its bottom.
 */
import { inZone } from '@/utils/clock';
import { useEffect, useRef, useState } from 'react';
import { App, Avatar, Button, Empty, Image, Input, Modal, Popover, Spin, Tooltip, Upload } from 'antd';
import { HistoryOutlined, PictureOutlined, SmileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { uploadFile, refusalOf } from '@/api/file';
import { chatText, checkChatImage } from '@/core';
import { coreText } from '@/i18n';
import { setOpenChat } from '@/stores/socket';
import { useUser } from '@/stores/user';
import { socket } from '../socket';
import { historyLine, liveLine, type ChatLine } from './chatContent';
import { EMOJIS, pieces } from './emoji';
import './messages.css';
import { DATE_FORMAT } from '@/utils/format';

export const FIRST_PAGE = 30;
export const HISTORY_PAGE = 50;
export const HISTORY_WITHIN_PX = 100;

export interface ChatPeer {
  id: string;
  realName: string;
  account: string;
  headIcon?: string;
}

export function ChatText({ text }: { text: string }) {
  return (
    <>
      {pieces(text).map((p, i) =>
        'text' in p ? (
          <span key={i}>{p.text}</span>
        ) : (
          <span key={i} className="qm-chat-emoji" title={`${p.emoji.code}`} data-emoji={p.emoji.code}>
            {p.emoji.label.slice(1, -1)}
          </span>
        ),
      )}
    </>
  );
}

function Bubble({ line }: { line: ChatLine }) {
  const { t } = useTranslation();
  return (
    <div className={`qm-chat-bubble-row ${line.mine ? 'mine' : ''}`} data-testid="chat-line">
      <div className="qm-chat-bubble">
        {line.image ? (
          <Image className="qm-chat-image" src={line.image.path} alt={line.image.name || t('msg.image')} width={Math.min(line.image.width || 200, 200)} />
        ) : line.type === 'text' ? (
          <ChatText text={line.text} />
        ) : (
          <span>[{line.type === 'voice' ? t('msg.voice') : line.type}]</span>
        )}
      </div>
    </div>
  );
}

/** Width and height of an image file, for the message (0 when the browser cannot tell). */
function sizeOf(file: File): Promise<{ width: number; height: number }> {
  return new Promise((resolve) => {
    if (typeof URL.createObjectURL !== 'function') return resolve({ width: 0, height: 0 });
    const url = URL.createObjectURL(file);
    // A picture the browser cannot decode never calls back: its size stays unknown.
    setTimeout(() => resolve({ width: 0, height: 0 }), 3000);
    const img = new window.Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      resolve({ width: 0, height: 0 });
      URL.revokeObjectURL(url);
    };
    img.src = url;
  });
}

type Want = 'first' | 'older' | 'history' | 'historyMore';

export function ChatWindow({ peer, onClose }: { peer: ChatPeer | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const me = useUser((s) => s.userInfo?.userId ?? '');
  const [lines, setLines] = useState<ChatLine[]>([]);
  const [page, setPage] = useState(1);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [draft, setDraft] = useState('');
  const [uploading, setUploading] = useState(false);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [historyKeyword, setHistoryKeyword] = useState('');
  const [history, setHistory] = useState<ChatLine[]>([]);
  const [historyPage, setHistoryPage] = useState(1);
  const [historyMore, setHistoryMore] = useState(false);
  const [historyLoading, setHistoryLoading] = useState(false);
  // messageList answers carry no tag: they come back in the order they were asked for.
  const wants = useRef<Want[]>([]);
  const bottom = useRef<HTMLDivElement>(null);
  const peerId = peer?.id ?? null;

  const ask = (want: Want, currentPage: number, pageSize: number, keyword = '', sord: 'asc' | 'desc' = 'desc') => {
    if (!peerId) return;
    if (socket.history(peerId, currentPage, pageSize, keyword, sord)) wants.current.push(want);
    else {
      setLoading(false);
      setHistoryLoading(false);
      void message.error(t('msg.offline'));
    }
  };

  useEffect(() => {
    if (!peerId) return;
    setLines([]);
    setPage(1);
    setMore(false);
    setHistoryOpen(false);
    setHistory([]);
    wants.current = [];
    setOpenChat(peerId);
    // CHAT-013: read, then the latest 30, newest first.
    socket.readChat(peerId);
    setLoading(true);
    ask('first', 1, FIRST_PAGE);
    const off = socket.subscribe((frame) => {
      if (frame.method === 'messageList') {
        const want = wants.current.shift();
        const rows = (Array.isArray(frame.list) ? frame.list : []) as Record<string, unknown>[];
        const got = rows.map((r) => historyLine(r, me));
        if (want === 'first' || want === 'older') {
          // The latest page first (sord desc), each page oldest → newest, as JNPF answers.
          setLines((prev) => (want === 'first' ? got : [...got, ...prev]));
          setMore(rows.length >= FIRST_PAGE);
          setLoading(false);
          if (want === 'first') requestAnimationFrame(() => bottom.current?.scrollIntoView?.());
        } else if (want === 'history' || want === 'historyMore') {
          setHistory((prev) => (want === 'history' ? got : [...prev, ...got]));
          setHistoryMore(rows.length >= HISTORY_PAGE);
          setHistoryLoading(false);
        }
        return;
      }
      if (frame.method === 'error') {
        setLoading(false);
        setHistoryLoading(false);
        if (typeof frame.msg === 'string') void message.error(frame.msg);
        return;
      }
      const line = liveLine(frame, peerId);
      if (line) {
        setLines((prev) => [...prev, line]);
        requestAnimationFrame(() => bottom.current?.scrollIntoView?.());
      }
    });
    return () => {
      off();
      setOpenChat(null);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per peer
  }, [peerId]);

  const send = async () => {
    if (!peerId) return;
    // CHAT-016, CHAT-017: trimmed; a blank message is not sent.
    const text = await chatText(draft);
    if (text == null) return;
    if (socket.sendChat(peerId, 'text', text)) setDraft('');
    else void message.error(t('msg.offline'));
  };

  const sendImage = async (file: File) => {
    if (!peerId) return;
    const refusal = await checkChatImage(file.name, file.size);
    if (refusal) {
      void message.error(coreText(refusal));
      return;
    }
    setUploading(true);
    try {
      const [{ data }, size] = await Promise.all([uploadFile({ type: 'IM' }, file, file.name), sizeOf(file)]);
      if (!socket.sendChat(peerId, 'image', { name: data.name, ...size })) void message.error(t('msg.offline'));
    } catch (error) {
      void message.error(refusalOf(error) || t('msg.uploadFailed'));
    } finally {
      setUploading(false);
    }
  };

  const searchHistory = (keyword: string) => {
    setHistoryKeyword(keyword);
    setHistoryPage(1);
    setHistoryLoading(true);
    ask('history', 1, HISTORY_PAGE, keyword, 'asc');
  };

  const onHistoryScroll = (e: React.UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (!historyLoading && historyMore && el.scrollHeight - el.scrollTop - el.clientHeight < HISTORY_WITHIN_PX) {
      setHistoryLoading(true);
      setHistoryPage(historyPage + 1);
      ask('historyMore', historyPage + 1, HISTORY_PAGE, historyKeyword, 'asc');
    }
  };

  const emojiPanel = (
    <div className="qm-chat-emoji-panel" role="listbox" aria-label={t('msg.emoji')}>
      {EMOJIS.map((e) => (
        <button
          key={e.code}
          type="button"
          title={e.label}
          data-emoji={e.code}
          onClick={() => {
            setDraft((d) => d + e.label);
            setEmojiOpen(false);
          }}
        >
          {e.label.slice(1, -1)}
        </button>
      ))}
    </div>
  );

  return (
    <Modal
      open={!!peer}
      title={peer ? `${peer.realName}/${peer.account}` : ''}
      width={historyOpen ? 960 : 640}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      className="qm-chat-window"
      mask={false}
    >
      <div className="qm-chat-main">
        <div className="qm-chat-messages" data-testid="chat-messages">
          {more && (
            <div className="qm-chat-time">
              <Button
                type="link"
                size="small"
                loading={loading}
                onClick={() => {
                  setLoading(true);
                  setPage(page + 1);
                  ask('older', page + 1, FIRST_PAGE);
                }}
              >
                {t('msg.loadOlder')}
              </Button>
            </div>
          )}
          {loading && lines.length === 0 && <Spin style={{ display: 'block', margin: 24 }} />}
          {lines.map((l, i) => (
            <div key={l.key}>
              {(i === 0 || l.time - lines[i - 1].time > 5 * 60_000) && <div className="qm-chat-time">{inZone(l.time).format(DATE_FORMAT)}</div>}
              <Bubble line={l} />
            </div>
          ))}
          <div ref={bottom} />
        </div>
        <div className="qm-chat-tools">
          <Popover content={emojiPanel} trigger="click" open={emojiOpen} onOpenChange={setEmojiOpen}>
            <Button type="text" aria-label={t('msg.emoji')} icon={<SmileOutlined />} />
          </Popover>
          <Upload
            accept="image/*"
            multiple={false}
            showUploadList={false}
            beforeUpload={(file) => {
              void sendImage(file);
              return false;
            }}
          >
            <Tooltip title={t('msg.sendImage')}>
              <Button type="text" aria-label={t('msg.sendImage')} icon={<PictureOutlined />} loading={uploading} />
            </Tooltip>
          </Upload>
          <span style={{ flex: 1 }} />
          <Tooltip title={t('msg.history')}>
            <Button
              type="text"
              aria-label={t('msg.history')}
              icon={<HistoryOutlined />}
              onClick={() => {
                const next = !historyOpen;
                setHistoryOpen(next);
                if (next) searchHistory('');
              }}
            />
          </Tooltip>
        </div>
        <Input.TextArea
          rows={3}
          aria-label={t('msg.input')}
          placeholder={t('msg.inputPlaceholder')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          // Enter sends, Shift+Enter starts a new line.
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
            e.preventDefault();
            void send();
          }}
        />
        <div style={{ textAlign: 'right', marginTop: 8 }}>
          <Button type="primary" onClick={() => void send()}>
            {t('msg.send')}
          </Button>
        </div>
      </div>
      {historyOpen && (
        <div className="qm-chat-history" data-testid="chat-history">
          <Input.Search allowClear size="small" aria-label={t('msg.historySearch')} placeholder={t('msg.historySearch')} onSearch={(v) => searchHistory(v.trim())} />
          <div className="qm-chat-history-list" onScroll={onHistoryScroll}>
            {history.map((l) => (
              <div className="qm-chat-history-item" key={l.key}>
                <small>
                  {l.mine ? t('msg.me') : peer?.realName} {inZone(l.time).format(DATE_FORMAT)}
                </small>
                {l.image ? <Image src={l.image.path} width={80} alt={t('msg.image')} /> : <ChatText text={l.text} />}
              </div>
            ))}
            {historyLoading && <Spin size="small" style={{ display: 'block', margin: 8 }} />}
            {!historyLoading && history.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
          </div>
        </div>
      )}
    </Modal>
  );
}

export function PeerAvatar({ peer, size = 36 }: { peer: { realName: string; headIcon?: string }; size?: number }) {
  return (
    <Avatar size={size} src={peer.headIcon || undefined}>
      {peer.realName.slice(0, 1)}
    </Avatar>
  );
}
