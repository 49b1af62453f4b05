/**
 * The lock screen (AUTH-019/020): the server has locked the session; only the user's
 * password (sent as MD5) unlocks it. Returning to login ends the session.
 */
import { now as nowInZone } from '@/utils/clock';
import { useEffect, useState } from 'react';
import { Avatar, Button, Form, Input, Space } from 'antd';
import { ArrowRightOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { preloadCore } from '@/core';
import { useUser } from '@/stores/user';
import './lockScreen.css';

function Clock() {
  const [now, setNow] = useState(() => nowInZone());
  useEffect(() => {
    const timer = setInterval(() => setNow(nowInZone()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="qm-lock-clock">
      <div className="qm-lock-time">{now.format('HH:mm')}</div>
      <div className="qm-lock-date">{now.format('YYYY-MM-DD dddd')}</div>
    </div>
  );
}

export default function LockScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useUser((s) => s.lockInfo);
  const [form] = Form.useForm<{ password: string }>();
  const [busy, setBusy] = useState(false);

  useEffect(preloadCore, []);

  const unlock = async ({ password }: { password: string }) => {
    setBusy(true);
    try {
      await useUser.getState().unlock(password);
      navigate('/', { replace: true });
    } catch {
      form.setFieldValue('password', ''); // the server's message was shown
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="qm-lock">
      <Clock />
      <div className="qm-lock-card">
        <Avatar size={72} src={info?.headIcon || undefined} icon={<UserOutlined />} />
        <div className="qm-lock-name">{info?.userName}</div>
        <div className="qm-lock-title">{t('lock.title')}</div>
        <Form form={form} onFinish={unlock} className="qm-lock-form">
          <Form.Item>
            <Space.Compact block size="large">
              <Form.Item name="password" noStyle rules={[{ required: true, message: t('lock.passwordRequired') }]}>
                <Input.Password autoFocus placeholder={t('lock.placeholder')} aria-label={t('lock.placeholder')} autoComplete="current-password" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={busy} icon={<ArrowRightOutlined />}>
                {t('lock.unlock')}
              </Button>
            </Space.Compact>
          </Form.Item>
        </Form>
        <Button type="link" onClick={() => void useUser.getState().logout()}>
          {t('lock.relogin')}
        </Button>
      </div>
    </div>
  );
}
