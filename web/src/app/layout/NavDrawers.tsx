/**
 * The navbar's message and chat drawers (SHELL-016; spec 01 §2.5, §2.6). Both are 280px
 * drawers opened from the right-hand tools. Their content — the message list and the chat —
 * arrives with the messages and chat issues (MSG, CHAT); until then each drawer says so, and
 * the message drawer already links to the message records page, as its "more" link will.
 */
import { useState } from 'react';
import { Button, Drawer, Tooltip } from 'antd';
import { BellOutlined, ClockCircleOutlined, MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SHELL_DRAWER_WIDTH } from './SettingsDrawer';

function NavDrawer({ kind, icon }: { kind: 'messages' | 'chat'; icon: React.ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const title = t(`navbar.${kind}`);
  return (
    <>
      <Tooltip title={title}>
        <Button type="text" aria-label={title} icon={icon} onClick={() => setOpen(true)} />
      </Tooltip>
      <Drawer
        title={title}
        size={SHELL_DRAWER_WIDTH}
        open={open}
        onClose={() => setOpen(false)}
        rootClassName={`qm-${kind}-drawer`}
        footer={
          kind === 'messages' && (
            <Button
              type="link"
              block
              onClick={() => {
                setOpen(false);
                navigate('/messageRecord');
              }}
            >
              {t('navbar.moreMessages')}
            </Button>
          )
        }
      >
        <div className="qm-nav-drawer-coming">
          <ClockCircleOutlined />
          <h4>{t('placeholder.title', { title })}</h4>
          <p>{t(`navbar.${kind}Coming`)}</p>
        </div>
      </Drawer>
    </>
  );
}

export function MessageDrawer() {
  return <NavDrawer kind="messages" icon={<BellOutlined />} />;
}

export function ChatDrawer() {
  return <NavDrawer kind="chat" icon={<MessageOutlined />} />;
}
