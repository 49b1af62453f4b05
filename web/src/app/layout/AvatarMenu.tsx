/**
 * The avatar dropdown (SHELL-018..021): profile, switch system (only with more than one
 * system; the current one disabled), lock screen, logout after confirmation (AUTH-014). While
 * the settings button is hidden (showSettings off, SHELL-022) it also offers 布局设置, so the
 * settings drawer — where the button is turned back on — stays within reach.
 */
import { App, Avatar, Dropdown, type MenuProps } from 'antd';
import { DownOutlined, LockOutlined, LogoutOutlined, SettingOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { switchMajor } from '@/api/user';
import { useSettings } from '@/stores/settings';
import { useUser } from '@/stores/user';

export default function AvatarMenu({ onOpenSettings }: { onOpenSettings: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const user = useUser((s) => s.userInfo);
  const systems = user?.systemIds ?? [];
  const settingsButton = useSettings((s) => s.showSettings);

  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: t('navbar.profile') },
    ...(systems.length > 1
      ? [
          {
            key: 'system',
            icon: <SwapOutlined />,
            label: t('navbar.switchSystem'),
            children: systems.map((s) => ({ key: `system:${s.id}`, label: s.name, disabled: s.currentSystem })),
          },
        ]
      : []),
    ...(settingsButton ? [] : [{ key: 'settings', icon: <SettingOutlined />, label: t('navbar.settings') }]),
    { key: 'lock', icon: <LockOutlined />, label: t('navbar.lockScreen') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('navbar.logout') },
  ];

  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'profile') navigate('/profile');
    else if (key === 'settings') onOpenSettings();
    else if (key === 'lock') {
      // A refusal was already shown by the HTTP client.
      await useUser.getState().lock().then(() => navigate('/lockScreen'), () => undefined);
    } else if (key === 'logout') {
      modal.confirm({
        title: t('common.tip'),
        content: t('navbar.logoutConfirm'),
        okText: t('common.confirm'),
        cancelText: t('common.cancel'),
        onOk: () => useUser.getState().logout(),
      });
    } else if (key.startsWith('system:')) {
      const res = await switchMajor(key.slice('system:'.length)).catch(() => null);
      if (!res) return;
      await message.success(res.msg || t('navbar.systemSwitched'), 1);
      window.location.reload(); // SHELL-021
    }
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <button type="button" className="qm-avatar" aria-label={user?.userName}>
        <Avatar size="small" src={user?.headIcon || undefined} icon={<UserOutlined />} />
        <span className="qm-avatar-name">{user?.userName}</span>
        <DownOutlined className="qm-avatar-arrow" />
      </button>
    </Dropdown>
  );
}
